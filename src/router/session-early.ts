import { requestEarly } from '../api/early-requests';
import { bundlesWith, loadRuntimeConfig } from '../config/runtime-config';
import { CURRENT_USER_URL } from '../api/session-paths';
import { ROUTE_FILE_ADDRESS, routeFileUrl } from '../../domain/pages/route-file';
import { pageUrls } from '../amis/page-urls';

/**
 * A signed-in start asks for what the guard waits for (session-load.ts: the user and the bundles'
 * route files) and for the page file the path names from the first chunk, so the answers are in
 * before the console's chunk and amis arrive and evaluate; the guard's load and the page's
 * prefetch take them (api/auth.ts, data-routes.ts, lazy-amis-page.tsx). Settles once all are asked.
 */
export function requestSessionEarly(token: string, page?: string): Promise<void> {
  requestEarly(CURRENT_USER_URL, { headers: { Authorization: token } });
  return loadRuntimeConfig().then(
    (config) => {
      // only files the server listed (runtime-config.ts, bundleFiles): a missing one would be a 404
      bundlesWith(config, ROUTE_FILE_ADDRESS).forEach((bundle) => requestEarly(routeFileUrl(bundle), { cache: 'no-store' }));
      // the page file the path most likely names, from the first bundle that has it (the page loader
      // asks the others itself): its chunk and amis's would otherwise hold the request back by some
      // 300 ms. None has it when the menu's urlAddress differs from the path: nothing is asked.
      const [bundle] = page ? bundlesWith(config, page) : [];
      if (page && bundle) requestEarly(pageUrls(page, [bundle])[0], { cache: 'no-store' });
    },
    () => undefined,
  );
}
