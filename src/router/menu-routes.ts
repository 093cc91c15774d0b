import type { MenuItem } from '../api/types';
import { parseRouteList, type DataRoute, type RouteFileProblem } from '../../domain/pages/route-file';
import { uiText } from '../i18n/text-table';

/** A navigable screen derived from one server menu entry. */
export interface MenuRoute {
  path: string;
  title: string;
  icon: string;
  /** names the JSON page (type 2) or the link target (type 7) */
  urlAddress: string;
  type: number;
  noCache: boolean;
  hidden: boolean;
  linkTarget?: string;
  /** titles from the top-level entry down to this one, for breadcrumbs */
  trail: string[];
}

function parseProperties(json: string | undefined): Record<string, unknown> {
  if (!json) return {};
  try {
    const value = JSON.parse(json);
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** The path of a menu entry: the enCodes from the top-level entry down, joined by '/'. */
export function menuPath(ancestors: MenuItem[], item: MenuItem): string {
  return '/' + [...ancestors, item].map((m) => m.enCode).join('/');
}

/**
 * Flatten the server menu tree into routes. Directories (type 1) only group;
 * pages (type 2) and links (type 7) become routes, at any depth.
 */
export function buildMenuRoutes(menus: MenuItem[], ancestors: MenuItem[] = []): MenuRoute[] {
  const routes: MenuRoute[] = [];
  for (const item of menus) {
    if (item.children?.length) routes.push(...buildMenuRoutes(item.children, [...ancestors, item]));
    if (item.type === 1) continue;
    const props = parseProperties(item.propertyJson);
    routes.push({
      path: menuPath(ancestors, item),
      // menu names are data in Chinese; the bundles' translation table gives other languages
      title: uiText(item.fullName),
      icon: item.icon,
      urlAddress: item.urlAddress ?? '',
      type: item.type,
      noCache: props.noCache === true,
      hidden: props.hidden === true,
      linkTarget: item.linkTarget,
      trail: [...ancestors, item].map((m) => uiText(m.fullName)),
    });
  }
  return routes;
}

export function findMenuRoute(routes: MenuRoute[], path: string): MenuRoute | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return routes.find((r) => r.path === clean);
}

/**
 * Routes a menu page entry declares in its propertyJson, in the route-file format:
 * `{"routes": [{"path": "/OrderManagement/parkingRecordOrderInfo/:id", "urlAddress": "…", "title": "…"}]}`.
 * They open only for users who can open the entry itself (`menu`), and sit under it in the breadcrumb.
 * Built from the whole menu, not the visible one, so a user without the entry's permission gets /401.
 */
export function buildMenuDataRoutes(
  menus: MenuItem[],
  ancestors: MenuItem[] = [],
): { routes: DataRoute[]; problems: (RouteFileProblem & { source: string })[] } {
  const routes: DataRoute[] = [];
  const problems: (RouteFileProblem & { source: string })[] = [];
  for (const item of menus) {
    if (item.children?.length) {
      const below = buildMenuDataRoutes(item.children, [...ancestors, item]);
      routes.push(...below.routes);
      problems.push(...below.problems);
    }
    const declared = parseProperties(item.propertyJson).routes;
    if (item.type !== 2 || declared === undefined) continue;
    const path = menuPath(ancestors, item);
    const source = `menu ${path} propertyJson`;
    const parsed = parseRouteList(declared, source);
    problems.push(...parsed.problems.map((p) => ({ ...p, source })));
    const trail = [...ancestors, item].map((m) => uiText(m.fullName));
    routes.push(...parsed.routes.map((r) => ({ ...r, menu: r.menu ?? path, trail })));
  }
  return { routes, problems };
}
