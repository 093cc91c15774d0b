import { patternParams, patternProblem } from './path-pattern';

/**
 * Routes as data: a bundle's route file (`<bundle>/_routes.json`) or a menu entry's
 * `propertyJson.routes` declares screens with parameters, so a new edit or details screen
 * needs no rebuild. The console and `npm run check:pages` parse them with this one module.
 *
 * ```json
 * { "routes": [
 *   { "path": "/parkingAdmin/add/:id", "urlAddress": "parking/parkingAdd",
 *     "title": "编辑停车场", "permission": "parking:edit",
 *     "variants": [{ "when": { "id": ["0", "new"] }, "title": "新增停车场", "permission": "parking:add" }] },
 *   { "path": "/OrderManagement/parkingRecordOrderInfo/:id", "urlAddress": "OrderManagement/parkingRecordOrderInfo",
 *     "title": "停车订单详情 {id}", "menu": "/OrderManagement/parkingRecordOrder" }
 * ] }
 * ```
 * See docs/pages.md "Routes with parameters".
 */

/** Overrides for some parameter values: the first variant whose `when` matches applies. */
export interface DataRouteVariant {
  /** parameter → accepted values */
  when: Record<string, string[]>;
  title?: string;
  permission?: string[];
}

export interface DataRoute {
  /** pattern, e.g. `/parkingAdmin/add/:id` */
  path: string;
  /** the JSON page it renders, with the parameters in its data scope (`${params.id}`) */
  urlAddress: string;
  /** `{name}` stands for a parameter */
  title: string;
  /** button codes; holding any one opens the route (none: any signed-in user) */
  permission: string[];
  /** a menu route the user must be able to open, e.g. the list a details screen belongs to */
  menu?: string;
  noCache: boolean;
  variants: DataRouteVariant[];
  /** where it was declared (file URL or menu entry) and its JSON pointer there, for messages */
  source: string;
  at: string;
  /** breadcrumb titles above the route's own (a route declared by a menu entry sits under it) */
  trail: string[];
}

export interface RouteFileProblem {
  /** JSON pointer inside the file ('' for the whole file) */
  path: string;
  message: string;
}

export interface RouteFileResult {
  routes: DataRoute[];
  problems: RouteFileProblem[];
}

export const ROUTE_FILE_NAME = '_routes.json';
/** The route file's address inside a bundle, as page files are named (`_routes`). */
export const ROUTE_FILE_ADDRESS = '_routes';

/** `/site-pages/` → `/site-pages/_routes.json` */
export function routeFileUrl(bundle: string): string {
  return `${bundle.endsWith('/') ? bundle : bundle + '/'}${ROUTE_FILE_NAME}`;
}

const ENTRY_KEYS = new Set(['path', 'urlAddress', 'title', 'permission', 'menu', 'noCache', 'variants', '$comment']);
const VARIANT_KEYS = new Set(['when', 'title', 'permission', '$comment']);
export const FILE_KEYS = new Set(['routes', '$schema', '$comment']);

type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** Placeholders `{name}` in a title. */
function placeholders(title: string): string[] {
  return [...title.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
}

/** A page name as menu entries write it: `parking/parkingAdd`, no leading '/', no `.json`, no `..`. */
function urlAddressProblem(value: string): string {
  if (!value.trim()) return 'must not be empty';
  if (value.startsWith('/')) return 'is a page name, without a leading "/" (e.g. "parking/parkingAdd")';
  if (value.endsWith('.json')) return 'is a page name, without ".json"';
  if (/\\|\?|#/.test(value) || value.split('/').some((s) => s === '' || s === '.' || s === '..')) return `"${value}" is not a page name`;
  return '';
}

/** `"a:b"` or `["a:b", "c:d"]` → codes; undefined when malformed. */
function codesOf(value: unknown): string[] | undefined {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.length) return undefined;
  return list.every((c) => typeof c === 'string' && c.trim() && !/\s/.test(c)) ? (list as string[]) : undefined;
}

function checkTitle(title: unknown, at: string, params: string[], problems: RouteFileProblem[]): title is string {
  if (typeof title !== 'string' || !title.trim()) {
    problems.push({ path: at, message: 'title must be a non-empty string' });
    return false;
  }
  const unknown = placeholders(title).filter((p) => !params.includes(p));
  for (const name of unknown) problems.push({ path: at, message: `title uses {${name}}, which is not a parameter of the path` });
  return unknown.length === 0;
}

function parseVariants(value: unknown, at: string, params: string[], problems: RouteFileProblem[]): DataRouteVariant[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push({ path: at, message: 'variants must be an array' });
    return undefined;
  }
  const before = problems.length;
  const variants: DataRouteVariant[] = [];
  value.forEach((raw, i) => {
    const here = `${at}/${i}`;
    if (!isObject(raw)) {
      problems.push({ path: here, message: 'a variant must be an object' });
      return;
    }
    for (const key of Object.keys(raw))
      if (!VARIANT_KEYS.has(key)) problems.push({ path: `${here}/${key}`, message: `unknown property "${key}"` });
    const when: Record<string, string[]> = {};
    if (!isObject(raw.when) || !Object.keys(raw.when).length)
      problems.push({ path: `${here}/when`, message: 'when must be an object naming parameter values, e.g. { "id": ["0", "new"] }' });
    else {
      for (const [param, accepted] of Object.entries(raw.when)) {
        const list = typeof accepted === 'string' ? [accepted] : accepted;
        if (!params.includes(param)) problems.push({ path: `${here}/when/${param}`, message: `"${param}" is not a parameter of the path` });
        else if (!Array.isArray(list) || !list.length || !list.every((v) => typeof v === 'string'))
          problems.push({ path: `${here}/when/${param}`, message: 'must be a string or a non-empty array of strings' });
        else when[param] = list as string[];
      }
    }
    const variant: DataRouteVariant = { when };
    if (raw.title !== undefined && checkTitle(raw.title, `${here}/title`, params, problems)) variant.title = raw.title;
    if (raw.permission !== undefined) {
      const codes = codesOf(raw.permission);
      if (codes) variant.permission = codes;
      else problems.push({ path: `${here}/permission`, message: 'permission must be a button code or a non-empty array of them' });
    }
    variants.push(variant);
  });
  return problems.length === before ? variants : undefined;
}

/**
 * One route declaration. Returns undefined (and says why) when anything about it is wrong:
 * a route that half-parsed could open without the permission it meant to require.
 */
function parseEntry(raw: unknown, at: string, source: string, problems: RouteFileProblem[]): DataRoute | undefined {
  if (!isObject(raw)) {
    problems.push({ path: at, message: 'a route must be an object with path, urlAddress and title' });
    return undefined;
  }
  const before = problems.length;
  for (const key of Object.keys(raw))
    if (!ENTRY_KEYS.has(key)) problems.push({ path: `${at}/${key}`, message: `unknown property "${key}"` });

  let params: string[] = [];
  if (typeof raw.path !== 'string') problems.push({ path: `${at}/path`, message: 'path must be a string such as "/parkingAdmin/add/:id"' });
  else {
    const wrong = patternProblem(raw.path);
    if (wrong) problems.push({ path: `${at}/path`, message: `path "${raw.path}" ${wrong}` });
    params = patternParams(raw.path);
  }
  if (typeof raw.urlAddress !== 'string')
    problems.push({ path: `${at}/urlAddress`, message: 'urlAddress must name the JSON page, e.g. "parking/parkingAdd"' });
  else {
    const wrong = urlAddressProblem(raw.urlAddress);
    if (wrong) problems.push({ path: `${at}/urlAddress`, message: `urlAddress ${wrong}` });
  }
  checkTitle(raw.title, `${at}/title`, params, problems);
  let permission: string[] = [];
  if (raw.permission !== undefined) {
    const codes = codesOf(raw.permission);
    if (codes) permission = codes;
    else problems.push({ path: `${at}/permission`, message: 'permission must be a button code or a non-empty array of them' });
  }
  if (
    raw.menu !== undefined &&
    (typeof raw.menu !== 'string' || !raw.menu.startsWith('/') || patternProblem(raw.menu) || patternParams(raw.menu).length)
  ) {
    problems.push({ path: `${at}/menu`, message: 'menu must be the path of a menu screen, e.g. "/OrderManagement/parkingRecordOrder"' });
  }
  if (raw.noCache !== undefined && typeof raw.noCache !== 'boolean')
    problems.push({ path: `${at}/noCache`, message: 'noCache must be true or false' });
  const variants = parseVariants(raw.variants, `${at}/variants`, params, problems);

  if (problems.length !== before || !variants) return undefined;
  return {
    path: raw.path as string,
    urlAddress: raw.urlAddress as string,
    title: raw.title as string,
    permission,
    ...(raw.menu !== undefined ? { menu: raw.menu as string } : {}),
    noCache: raw.noCache === true,
    variants,
    source,
    at,
    trail: [],
  };
}

/** A list of route declarations (the `routes` of a route file or of a menu entry's propertyJson). */
export function parseRouteList(value: unknown, source: string, at = '/routes'): RouteFileResult {
  const problems: RouteFileProblem[] = [];
  if (!Array.isArray(value)) return { routes: [], problems: [{ path: at, message: 'routes must be an array of route declarations' }] };
  const routes: DataRoute[] = [];
  const seen = new Map<string, number>();
  value.forEach((raw, i) => {
    const route = parseEntry(raw, `${at}/${i}`, source, problems);
    if (!route) return;
    const first = seen.get(route.path);
    if (first !== undefined) {
      problems.push({ path: `${at}/${i}/path`, message: `path "${route.path}" is already declared at ${at}/${first}` });
      return;
    }
    seen.set(route.path, i);
    routes.push(route);
  });
  return { routes, problems };
}
