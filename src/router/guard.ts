/** Routes that need no sign-in (spec §2). */
export const PUBLIC_PATHS = [
  '/login',
  '/scanQRcode',
  '/orderInfoByQRcode',
  '/activity',
  '/pdaScanQrcode',
  '/scanGroupCardQrcode',
  '/groupCardInfo',
  '/404',
  '/401',
];

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string }
  /** signed in but the user (and so the menu) is not loaded: fetch, then decide again */
  | { type: 'load-user' };

export interface GuardInput {
  path: string;
  /** query string including '?', or '' */
  search: string;
  hasToken: boolean;
  hasRoles: boolean;
  /** whether the path is a static route or one built from the loaded menu */
  isKnownRoute: (path: string) => boolean;
}

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(path);
}

/** The navigation guard of spec §2 and §4 as a pure function. */
export function decideNavigation({ path, search, hasToken, hasRoles, isKnownRoute }: GuardInput): GuardDecision {
  if (path === '/login') {
    return hasToken ? { type: 'redirect', to: '/' } : { type: 'allow' };
  }
  if (isPublicPath(path)) return { type: 'allow' };
  if (!hasToken) {
    return { type: 'redirect', to: `/login?redirect=${encodeURIComponent(path + search)}` };
  }
  // Never decide "unknown" before the menu has loaded: dynamic routes come from it.
  if (!hasRoles) return { type: 'load-user' };
  if (path === '/' || path === '') return { type: 'redirect', to: '/dashboard' };
  if (!isKnownRoute(path)) return { type: 'redirect', to: '/404' };
  return { type: 'allow' };
}
