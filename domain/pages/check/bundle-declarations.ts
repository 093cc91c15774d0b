import { originProblem, type SiteOrigins } from '../../site-origins.ts';
import type { RouteRef } from './page-rules.ts';

/**
 * `<bundle>/_check.json`: what a site bundle uses that neither the reference server nor the menu
 * seed knows, so `npm run check:pages` can still check it. Read by the checker only; the console
 * never fetches it.
 *
 * ```json
 * {
 *   "apis": ["GET /api/site/foo", "POST /api/site/foo/:id"],
 *   "permissions": ["site:foo:add"],
 *   "menus": ["/site/foo"],
 *   "origins": { "api": ["https://api.site.example"], "image": ["https://img.site.example"] }
 * }
 * ```
 * `apis`: method and path as the site's own server serves them (`:name` or `*` for one segment);
 * `permissions`: button codes its menu entries carry; `menus`: paths of its menu screens (for a
 * route's `menu`); `origins`: other origins its pages call (`api`) or show images from (`image`),
 * which the deployment's SITE_API_ORIGINS / SITE_IMAGE_ORIGINS must allow (check:pages compares).
 * Every key is optional. They count for that bundle only.
 */
export const CHECK_FILE_NAME = '_check.json';

export interface BundleDeclarations {
  apis: RouteRef[];
  permissions: string[];
  menus: string[];
  origins: SiteOrigins;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
const KEYS = new Set(['apis', 'permissions', 'menus', 'origins', '$schema', '$comment']);
const ORIGIN_KINDS = ['api', 'image'] as const;

function strings(
  value: unknown,
  key: string,
  problems: { path: string; message: string }[],
  wrong: (s: string) => string,
  at = `/${key}`,
): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push({ path: at, message: `${key} must be an array of strings` });
    return [];
  }
  const out: string[] = [];
  value.forEach((item, i) => {
    const why = typeof item === 'string' ? wrong(item) : 'must be a string';
    if (why) problems.push({ path: `${at}/${i}`, message: why });
    else out.push(item as string);
  });
  return out;
}

export function parseCheckFile(value: unknown): { declarations: BundleDeclarations; problems: { path: string; message: string }[] } {
  const problems: { path: string; message: string }[] = [];
  const empty: BundleDeclarations = { apis: [], permissions: [], menus: [], origins: { api: [], image: [] } };
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return {
      declarations: empty,
      problems: [{ path: '', message: `${CHECK_FILE_NAME} must be an object: { "apis": [], "permissions": [], "menus": [] }` }],
    };
  }
  const json = value as Record<string, unknown>;
  for (const key of Object.keys(json))
    if (!KEYS.has(key)) problems.push({ path: `/${key}`, message: `unknown property "${key}" (apis, permissions, menus)` });
  const apis = strings(json.apis, 'apis', problems, (s) => {
    const [method, path, ...rest] = s.trim().split(/\s+/);
    if (rest.length || !METHODS.includes(method) || !path?.startsWith('/api/'))
      return `"${s}" is not "METHOD /api/path" (methods: ${METHODS.join(', ')})`;
    return '';
  }).map((s) => {
    const [method, url] = s.trim().split(/\s+/);
    return { method, url };
  });
  const permissions = strings(json.permissions, 'permissions', problems, (s) =>
    !s.trim() || /\s/.test(s) ? `"${s}" is not a button code` : '',
  );
  const menus = strings(json.menus, 'menus', problems, (s) =>
    /^\/[A-Za-z0-9_/]+$/.test(s) ? '' : `"${s}" is not a menu path such as "/site/foo"`,
  );
  const origins = { api: [] as string[], image: [] as string[] };
  const declared = json.origins;
  if (declared !== undefined && (!declared || typeof declared !== 'object' || Array.isArray(declared)))
    problems.push({ path: '/origins', message: 'origins is { "api": [origins], "image": [origins] }' });
  else if (declared) {
    const byKind = declared as Record<string, unknown>;
    for (const key of Object.keys(byKind))
      if (!(ORIGIN_KINDS as readonly string[]).includes(key))
        problems.push({ path: `/origins/${key}`, message: `unknown property "${key}" (api, image)` });
    for (const kind of ORIGIN_KINDS)
      origins[kind] = strings(byKind[kind], kind, problems, originProblem, `/origins/${kind}`).map((o) => o.toLowerCase());
  }
  return { declarations: { apis, permissions, menus, origins }, problems };
}
