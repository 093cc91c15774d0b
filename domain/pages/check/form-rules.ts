import { type RouteRef, type RuleProblem, routeMatches } from './page-rules.ts';

/**
 * A form against the request body its `api` sends to: every field a name the API takes, `required`
 * on both sides or neither, no `maxLength` above the server's, and the label the server's messages
 * use for the field (its schema `title`), so that a refusal names a field the form shows.
 */

interface JsonSchema {
  type?: string;
  title?: string;
  maxLength?: number;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  'x-nonblank'?: string[];
}

interface Field {
  path: string;
  name: string;
  label?: string;
  required: boolean;
  maxLength?: number;
  /** shown only sometimes (visibleOn, hiddenOn): another form of the same dialog may be the one that sends it */
  conditional: boolean;
  /** the form starts with a value (so "required" can never be left empty) */
  hasValue: boolean;
  /** a range control sending two fields (extraName): its label names both */
  range: boolean;
  /** a combo's sub-form: its fields against the schema of the array's items */
  items?: Field[];
}

/** Nodes that are a form of their own, or are not sent with the form around them. */
const OWN_SCOPE = new Set(['form', 'crud', 'crud2', 'dialog', 'drawer', 'service', 'table', 'table2', 'each', 'cards', 'list']);
/** Form items whose value is not sent, or is sent under another shape. */
const NOT_SENT = /^(static|static-.*|tpl|plain|html|button|action|divider|alert|image|qrcode|hidden)$/;
const SUB_FORMS = new Set(['combo', 'input-array', 'input-table']);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The fields a form sends, in its body and the containers inside it (tabs, groups, fieldsets). */
function fieldsOf(node: unknown, path: string): Field[] {
  if (Array.isArray(node)) return node.flatMap((child, i) => fieldsOf(child, `${path}/${i}`));
  if (!isObject(node)) return [];
  const type = typeof node.type === 'string' ? node.type : '';
  if (typeof node.name === 'string' && type && !NOT_SENT.test(type) && !node.name.includes('.') && !node.name.includes('$')) {
    const field: Field = {
      path,
      name: node.name,
      label: typeof node.label === 'string' ? node.label : undefined,
      required: node.required === true,
      maxLength: typeof node.maxLength === 'number' ? node.maxLength : undefined,
      conditional: ['visibleOn', 'hiddenOn', 'visible', 'hidden'].some((k) => k in node),
      range: typeof node.extraName === 'string',
      hasValue: 'value' in node,
    };
    if (SUB_FORMS.has(type)) field.items = fieldsOf(node.items, `${path}/items`);
    return [field];
  }
  return Object.entries(node)
    .filter(([key, child]) => key !== 'items' || !SUB_FORMS.has(type) || !isObject(child))
    .filter(([, child]) => !(isObject(child) && OWN_SCOPE.has(String(child.type))))
    .flatMap(([key, child]) => fieldsOf(child, `${path}/${key}`));
}

/** `x`, `x | null` or a union of codes as TypeBox writes them: what `x` is, under the union's own title. */
function plain(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.anyOf) return schema;
  const branch = schema.anyOf.find((s) => s.type !== 'null') ?? {};
  return { ...branch, title: schema.title ?? branch.title };
}

/** A label without its unit or hint in brackets: 单位价格（元） → 单位价格. */
const bareLabel = (label: string) => label.replace(/[（(][^（）()]*[）)]\s*$/, '').trim();

function compare(fields: Field[], schema: JsonSchema, api: string, requiredOnServer: string[], out: RuleProblem[]): void {
  const props = schema.properties ?? {};
  for (const f of fields) {
    const server = plain(props[f.name]);
    if (!server) {
      if (f.name !== 'id' && !f.conditional)
        out.push({ path: f.path, message: `field "${f.name}" is not taken by ${api} (the server drops it)` });
      continue;
    }
    const serverRequired = requiredOnServer.includes(f.name);
    // a field both sides fill in by default is never missing, whichever of them calls it required
    const bothDefault = f.hasValue && props[f.name].default !== undefined;
    if (f.required !== serverRequired && !bothDefault)
      out.push({
        path: f.path,
        message: `field "${f.name}" is ${f.required ? 'required' : 'optional'} on the page but ${serverRequired ? 'required' : 'optional'} on ${api}`,
      });
    if (f.maxLength !== undefined && server.maxLength !== undefined && f.maxLength > server.maxLength)
      out.push({ path: f.path, message: `field "${f.name}" allows ${f.maxLength} characters, ${api} at most ${server.maxLength}` });
    if (f.label && !f.range && server.title && bareLabel(f.label) !== bareLabel(server.title))
      out.push({
        path: f.path,
        message: `field "${f.name}" is labelled "${f.label}" but ${api} calls it "${server.title}" in its messages`,
      });
    if (f.items) {
      const item = plain(plain(server)?.items);
      if (item?.properties) compare(f.items, item, api, item.required ?? [], out);
    }
  }
}

interface FormApi {
  path: string;
  method: string;
  url: string;
}

function apiOf(value: unknown, path: string): FormApi | null {
  const text =
    typeof value === 'string' ? value : isObject(value) && typeof value.url === 'string' && !('data' in value) ? value.url : null;
  const method =
    typeof value === 'string' ? /^(\w+):/.exec(value)?.[1] : isObject(value) ? (value.method as string | undefined) : undefined;
  if (!text || !method) return null;
  const url = text.replace(/^\w+:/, '').trim();
  return /^\/?api\//.test(url) ? { path, method: method.toUpperCase(), url } : null;
}

/** Every form of a page that sends its fields as they are (no `data` mapping) to a route with a body schema. */
export function checkForms(page: unknown, routes: RouteRef[], path = ''): RuleProblem[] {
  if (Array.isArray(page)) return page.flatMap((child, i) => checkForms(child, routes, `${path}/${i}`));
  if (!isObject(page)) return [];
  const out: RuleProblem[] = [];
  const api = page.type === 'form' ? apiOf(page.api, `${path}/api`) : null;
  const route = api && routes.find((r) => r.body && routeMatches(r, api));
  if (api && route && (api.method === 'POST' || api.method === 'PUT')) {
    const schema = route.body as JsonSchema;
    const required = api.method === 'POST' ? (schema.required ?? []) : (schema['x-nonblank'] ?? []);
    compare(fieldsOf(page.body, `${path}/body`), schema, `${api.method} ${route.url}`, required, out);
  }
  for (const [key, child] of Object.entries(page)) out.push(...checkForms(child, routes, `${path}/${key}`));
  return out;
}
