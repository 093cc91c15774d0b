import { matchPattern } from './path-pattern';

/**
 * The console's own routes (spec §2), one record each: the guard, the page title, the tabs, the
 * breadcrumb and the navbar read these records; App.tsx mounts a view for each by name.
 * Routes from the server menu and from the bundles' route files (`_routes.json`) are data and
 * live elsewhere (menu-routes.ts, data-routes.ts); this table is what the console itself owns.
 * Anchor: vben's router/routes/core.ts (public route names derived from the records, never kept twice).
 */
export interface HostRouteMeta {
  /** message key of the title (src/i18n/messages.ts): tab, breadcrumb and document title */
  title?: string;
  /** an untranslated title (the error pages are titled by their code) */
  titleText?: string;
  /** reachable without signing in */
  public?: boolean;
  /** the document title is the site title alone (spec §2: the scan-exit and regional statistics pages) */
  bareTitle?: boolean;
  /**
   * a public page for drivers and collectors, built as its own entry (scan.html, src/public/): the
   * console's index.html hands such an address over to scan.html at once (an older printed QR code
   * opens `<origin>/#/scanQRcode?…`)
   */
  scan?: boolean;
  /** a pinned tab that cannot be closed */
  affix?: boolean;
  /** not kept alive when left */
  noCache?: boolean;
  /** no tab, no breadcrumb, no title of its own (helpers) */
  hidden?: boolean;
  /** opened from the navbar in a new window */
  navbar?: boolean;
  /**
   * Menu screens (their paths) the user must be granted, every one: a view showing their data is
   * granted with them, so its navbar entry and its path follow the menu permissions.
   */
  menus?: readonly string[];
  /** a user not granted `menus` is told the path does not exist (404), not that it is forbidden */
  unknownWhenDenied?: boolean;
}

export interface HostRoute {
  /** unique; App.tsx maps it to the view */
  name: string;
  /** absolute path or pattern (path-pattern.ts) */
  path: string;
  /** 'none': full window, outside the shell; 'shell': inside the sidebar, top bar and tabs */
  layout: 'none' | 'shell';
  meta: HostRouteMeta;
}

const LOTS = '/parking/parkingAdmin';
const ORDERS = '/OrderManagement/parkingRecordOrder';

export const HOST_ROUTES = [
  { name: 'Login', path: '/login', layout: 'none', meta: { title: 'login.title', public: true } },
  // the scan, pay and group-card flows (spec §2): their own entry, scan.html (src/public/)
  { name: 'ScanQRcode', path: '/scanQRcode', layout: 'none', meta: { public: true, bareTitle: true, scan: true } },
  { name: 'OrderInfoByQRcode', path: '/orderInfoByQRcode', layout: 'none', meta: { public: true, bareTitle: true, scan: true } },
  { name: 'PayResult', path: '/payResult', layout: 'none', meta: { public: true, bareTitle: true, scan: true } },
  // the simulated wallet's confirm, opened by the collector's dynamic QR (scan.html#/scanPay?outTradeNo=…)
  { name: 'ScanPay', path: '/scanPay', layout: 'none', meta: { public: true, bareTitle: true, scan: true } },
  // regional statistics (money-and-charging.md §10.4): public, light, so scan.html's too
  { name: 'Activity', path: '/activity', layout: 'none', meta: { public: true, bareTitle: true, hidden: true, noCache: true, scan: true } },
  { name: 'PdaScanQrcode', path: '/pdaScanQrcode', layout: 'none', meta: { public: true, scan: true } },
  { name: 'ScanGroupCardQrcode', path: '/scanGroupCardQrcode', layout: 'none', meta: { public: true, scan: true } },
  { name: 'GroupCardInfo', path: '/groupCardInfo', layout: 'none', meta: { public: true, scan: true } },
  { name: 'NotFound', path: '/404', layout: 'none', meta: { titleText: '404', public: true } },
  { name: 'Unauthorized', path: '/401', layout: 'none', meta: { titleText: '401', public: true } },
  // full-screen views without the shell, signed in; each shows the data of the menus it names
  // (money-and-charging.md §11): a lot command centre, the city parking and charging map, operations
  {
    name: 'DataView',
    path: '/dataView',
    layout: 'none',
    meta: { title: 'nav.dataView', navbar: true, menus: [LOTS, ORDERS], unknownWhenDenied: true },
  },
  {
    name: 'NewDataView',
    path: '/newDataView',
    layout: 'none',
    meta: { title: 'nav.newDataView', navbar: true, menus: [LOTS, ORDERS, '/charging/chargingStation'], unknownWhenDenied: true },
  },
  {
    name: 'OperationView',
    path: '/operationView',
    layout: 'none',
    meta: {
      title: 'nav.operationView',
      navbar: true,
      menus: ['/monitoring/device', '/arrears/arrearsRecord', '/refund/refundAudit'],
      unknownWhenDenied: true,
    },
  },
  // the page studio, for those who build screens: its own menu entry (系统工具 › 页面工作室); without it /demo is unknown
  {
    name: 'Demo',
    path: '/demo',
    layout: 'none',
    meta: { title: 'nav.demo', navbar: true, menus: ['/tools/studio'], unknownWhenDenied: true },
  },
  // inside the shell; '/' redirects to the home route (the guard)
  { name: 'Dashboard', path: '/dashboard', layout: 'shell', meta: { title: 'dashboard.title', affix: true, noCache: true } },
  { name: 'UserCenter', path: '/user/center', layout: 'shell', meta: { title: 'userCenter.title' } },
  { name: 'Redirect', path: '/redirect/*', layout: 'shell', meta: { hidden: true } },
] as const satisfies readonly HostRoute[];

export type HostRouteName = (typeof HOST_ROUTES)[number]['name'];

const ROUTES: readonly HostRoute[] = HOST_ROUTES;

/** The path of a named route. */
export function pathOf(name: HostRouteName): string {
  return ROUTES.find((r) => r.name === name)!.path;
}

/** Where '/' leads, the pinned tab and the start of the breadcrumb. */
export const HOME_PATH = pathOf('Dashboard');
export const LOGIN_PATH = pathOf('Login');
export const NOT_FOUND_PATH = pathOf('NotFound');
export const UNAUTHORIZED_PATH = pathOf('Unauthorized');

/** Paths that need no sign-in, derived from the records. */
export const PUBLIC_PATHS: readonly string[] = ROUTES.filter((r) => r.meta.public).map((r) => r.path);

/** The host route a path opens, if any. */
export function findHostRoute(path: string): HostRoute | undefined {
  return ROUTES.find((r) => matchPattern(r.path, path) !== undefined);
}

/** Paths of the public pages built as scan.html: index.html hands them over (scripts/build/console-preload.ts, src/main.tsx). */
export const SCAN_PATHS: readonly string[] = ROUTES.filter((r) => r.meta.scan).map((r) => r.path);

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(path);
}

/** The full-screen views the navbar opens in a new window. */
export function navbarRoutes(): HostRoute[] {
  return ROUTES.filter((r) => r.meta.navbar);
}
