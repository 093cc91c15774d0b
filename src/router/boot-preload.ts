import { findHostRoute, HOME_PATH, isPublicPath, LOGIN_PATH } from '../../domain/pages/host-routes';

/**
 * What a signed-in start asks for at once, beside CurrentUser, instead of after it: the shell's
 * chunks, amis, and the page file the path most likely names. Nothing here renders: the guard
 * (guard.ts) still decides, after CurrentUser, whether the screen may open.
 */
export interface BootPreloads {
  shell: boolean;
  /** the home screen (a host screen) rather than a menu screen: which of the two chunks the shell needs first */
  home?: boolean;
  amis: boolean;
  /** the page file a menu path names by the console's convention (`/parking/parkingAdmin` → `parking/parkingAdmin`) */
  page?: string;
}

export function bootPreloads(path: string, hasToken: boolean): BootPreloads {
  if (!hasToken || path === LOGIN_PATH || isPublicPath(path)) return { shell: false, amis: false };
  const clean = path.replace(/^\/+|\/+$/g, '');
  // host screens (dashboard, user centre, errors) have no page file; menu screens are two names.
  // A longer path is a data route (`/parkingAdmin/add/7`): its file comes from _routes.json, so a
  // guess would only fetch a missing file (a 404 in the console).
  const page = !findHostRoute(path) && /^[\w-]+\/[\w-]+$/.test(clean) ? clean : undefined;
  return { shell: true, amis: true, page, home: clean === '' || `/${clean}` === HOME_PATH };
}
