import { describeRoute } from '../layout/route-info';
import { t } from '../i18n';
import type { MessageKey } from '../i18n/messages';

/** Spec §2: the scan-exit pages and the regional statistics page show the bare site title. */
const BARE_TITLE_PATHS = ['/scanQRcode', '/orderInfoByQRcode', '/activity'];

const OUTSIDE_SHELL: Record<string, MessageKey> = {
  '/login': 'login.title',
  '/newDataView': 'nav.newDataView',
  '/dataView': 'nav.newDataView',
  '/operationView': 'nav.operationView',
  '/demo': 'nav.demo',
};

/** Route title + ' - ' + site title. */
export function pageTitle(path: string, siteTitle: string): string {
  if (BARE_TITLE_PATHS.includes(path)) return siteTitle;
  const key = OUTSIDE_SHELL[path];
  const title = key ? t(key) : path === '/404' || path === '/401' ? path.slice(1) : describeRoute(path)?.title;
  return title ? `${title} - ${siteTitle}` : siteTitle;
}

export const FULL_SCREEN_PATHS = ['/dataView', '/newDataView', '/operationView', '/demo'];
