import { HOME_PATH, isPublicPath, LOGIN_PATH, NOT_FOUND_PATH, UNAUTHORIZED_PATH } from '../../domain/pages/host-routes';
import type { ResolvedRoute, RouteAccess } from './resolve-route';
import { safeRedirect } from '../utils/safe-redirect';

export type GuardDecision =
  | { type: 'allow' }
  /** `landing`: the redirect goes on as the navigation that follows a sign-in (see GuardInput.landing) */
  | { type: 'redirect'; to: string; landing?: boolean }
  /** signed in, but the user (and so the menu) or the route files are not loaded: fetch, then decide again */
  | { type: 'load' };

export interface GuardInput {
  path: string;
  /** query string including '?', or '' */
  search: string;
  hasToken: boolean;
  /** the user, their menu and the bundles' route files are loaded */
  loaded: boolean;
  /** what the route table, the menu and the route files say about the path (resolve-route.ts) */
  access: (path: string) => RouteAccess;
  /** the navigation that follows a sign-in: a target this user cannot open lands on the home route */
  landing?: boolean;
}

/**
 * Loaded enough to decide on a path: the user, and the route files unless the console's own routes
 * or the menu answer for the path, since they come before any route file (resolve-route.ts).
 */
export function loadedFor(userLoaded: boolean, routeFilesLoaded: boolean, resolved: ResolvedRoute['kind'] | undefined): boolean {
  return userLoaded && (routeFilesLoaded || resolved === 'host' || resolved === 'menu');
}

/** The navigation guard of spec §2 and §4 as a pure function. */
export function decideNavigation({ path, search, hasToken, loaded, access, landing = false }: GuardInput): GuardDecision {
  if (path === LOGIN_PATH) {
    // signed in meanwhile (or the sign-in page is still showing as its token arrives): go on to the
    // target as a landing, so it is the same decision whichever of the two navigations wins
    if (!hasToken) return { type: 'allow' };
    return { type: 'redirect', to: safeRedirect(new URLSearchParams(search).get('redirect')), landing: true };
  }
  if (isPublicPath(path)) return { type: 'allow' };
  if (!hasToken) {
    return { type: 'redirect', to: `${LOGIN_PATH}?redirect=${encodeURIComponent(path + search)}` };
  }
  // Never decide "unknown" before the menu and the route files have loaded: dynamic routes come from them.
  if (!loaded) return { type: 'load' };
  if (path === '/' || path === '') return { type: 'redirect', to: HOME_PATH };
  const verdict = access(path);
  // after signing in as someone else, the previous user's page is no reason for a 404 or 401
  if (landing && verdict !== 'open') return { type: 'redirect', to: HOME_PATH };
  if (verdict === 'unknown') return { type: 'redirect', to: NOT_FOUND_PATH };
  // spec §2: what the user may not open goes to /401, as a 403 answer does
  if (verdict === 'forbidden') return { type: 'redirect', to: UNAUTHORIZED_PATH };
  return { type: 'allow' };
}
