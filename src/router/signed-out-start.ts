import { decideNavigation } from './guard';
import { LOGIN_PATH } from '../../domain/pages/host-routes';

/**
 * A start without a token, decided before the router loads: the guard (guard.ts) sends every
 * path but the public ones to the sign-in page, so that page can show without the router, the
 * stores of the session and the API client (src/main.tsx).
 */

/** The path and the query of a hash URL (`#/login?redirect=%2Fx`), as the router's hash history reads them. */
export function hashLocation(hash: string): { path: string; search: string } {
  const rest = hash.replace(/^#/, '').split('#')[0];
  const at = rest.indexOf('?');
  const path = (at < 0 ? rest : rest.slice(0, at)) || '/';
  return { path: path.startsWith('/') ? path : `/${path}`, search: at < 0 ? '' : rest.slice(at) };
}

/**
 * Where the sign-in page opens for this start (`/login?redirect=…`), or null when the path is a
 * public page other than sign-in: that one needs the router.
 */
export function signInLocation(path: string, search: string): string | null {
  const decision = decideNavigation({ path, search, hasToken: false, loaded: false, access: () => 'unknown' });
  if (decision.type === 'redirect') return decision.to;
  return path === LOGIN_PATH ? path + search : null;
}

/** The `redirect` parameter of a sign-in location's query. */
export function redirectParam(search: string): string | null {
  return new URLSearchParams(search).get('redirect');
}
