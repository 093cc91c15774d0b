import { requestEarly } from '../api/early-requests';
import { loadRuntimeConfig } from '../config/runtime-config';
import { CURRENT_USER_URL } from '../api/session-paths';
import { routeFileUrl } from './route-file';

/**
 * A signed-in start asks for what the guard waits for (session-load.ts: the user and the bundles'
 * route files) from the first chunk, so the answers are in before the console's chunk and amis
 * arrive and evaluate; the guard's load takes them (api/auth.ts, data-routes.ts).
 */
export function requestSessionEarly(token: string): void {
  requestEarly(CURRENT_USER_URL, { headers: { Authorization: token } });
  void loadRuntimeConfig().then(
    (config) => config.pageBundles.forEach((bundle) => requestEarly(routeFileUrl(bundle), { cache: 'no-store' })),
    () => undefined,
  );
}
