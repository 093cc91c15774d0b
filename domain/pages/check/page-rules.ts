/** Project rules for page files, beyond amis's schema: APIs that exist, permissions that exist. */

export interface RouteRef {
  method: string;
  url: string;
  /** the JSON schema of the request body the route accepts (the server's TypeBox schema), when it has one */
  body?: unknown;
}

export interface RuleProblem {
  path: string;
  message: string;
}

const API_KEY = /^(api|initApi|source|[a-zA-Z]+Api)$/;
const METHOD_PREFIX = /^(get|post|put|delete|patch|head|options):/i;

export interface PageApi {
  path: string;
  method?: string;
  url: string;
}

/** Every API a page calls: string `"get:/api/x"` or `{ "method": "get", "url": "/api/x" }` under api-like keys. */
export function collectApis(node: unknown, path = ''): PageApi[] {
  if (Array.isArray(node)) return node.flatMap((child, i) => collectApis(child, `${path}/${i}`));
  if (!node || typeof node !== 'object') return [];
  const out: PageApi[] = [];
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const here = `${path}/${key}`;
    if (API_KEY.test(key)) {
      const api = asApi(value, here);
      if (api) {
        out.push(api);
        continue;
      }
    }
    out.push(...collectApis(value, here));
  }
  return out;
}

function asApi(value: unknown, path: string): PageApi | null {
  if (typeof value === 'string') {
    const match = value.match(METHOD_PREFIX);
    const url = withoutHostTemplate(match ? value.slice(match[0].length) : value);
    return looksLikeApi(url) ? { path, method: match?.[1].toUpperCase(), url } : null;
  }
  if (value && typeof value === 'object' && typeof (value as { url?: unknown }).url === 'string') {
    const { url, method } = value as { url: string; method?: string };
    const plain = withoutHostTemplate(url);
    return looksLikeApi(plain) ? { path, method: method?.toUpperCase(), url: plain } : null;
  }
  return null;
}

/** `${apiHost}/api/x` (a prefix from data or config, as other amis consoles write it) is checked as `/api/x`. */
function withoutHostTemplate(url: string): string {
  return url.trim().replace(/^\$\{[^{}]*\}(?=\/api\/)/, '');
}

function looksLikeApi(url: string): boolean {
  return /^\/?api\//.test(url.trim());
}

/** `/api/system/Parking/${id}?x=1` → segments with `${…}` as a wildcard. */
function segments(url: string): string[] {
  const path = url.trim().split('?')[0].replace(/^\/?/, '/');
  return path.split('/').filter(Boolean);
}

export function routeMatches(route: RouteRef, api: PageApi): boolean {
  if (api.method && route.method !== api.method) return false;
  const a = segments(api.url);
  const r = segments(route.url);
  if (a.length !== r.length) return false;
  return r.every((seg, i) => seg.startsWith(':') || seg === '*' || a[i].includes('${') || seg === a[i]);
}

export function checkApis(page: unknown, routes: RouteRef[]): RuleProblem[] {
  return collectApis(page)
    .filter((api) => !routes.some((route) => routeMatches(route, api)))
    .map((api) => ({
      path: api.path,
      message: `no reference-server route for ${api.method ?? 'any method'} ${api.url.split('?')[0]} (nor declared in _check.json)`,
    }));
}

/** Permission codes a page checks: HAS_PERM('a', 'b') in any expression. */
export function collectPermissionChecks(node: unknown, path = ''): { path: string; code: string }[] {
  if (Array.isArray(node)) return node.flatMap((child, i) => collectPermissionChecks(child, `${path}/${i}`));
  if (typeof node === 'string') {
    const codes: { path: string; code: string }[] = [];
    for (const call of node.matchAll(/HAS_PERM\(([^)]*)\)/g)) {
      for (const quoted of call[1].matchAll(/['"]([^'"]+)['"]/g)) codes.push({ path, code: quoted[1] });
    }
    return codes;
  }
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => collectPermissionChecks(v, `${path}/${k}`));
}

export function checkPermissions(page: unknown, knownCodes: Set<string>): RuleProblem[] {
  return collectPermissionChecks(page)
    .filter(({ code }) => !knownCodes.has(code))
    .map(({ path, code }) => ({ path, message: `unknown permission code "${code}" (not in the menu seed nor in _check.json)` }));
}
