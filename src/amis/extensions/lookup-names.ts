type Node = Record<string, unknown>;

/**
 * A lookup that fails says what it was for, in words: `停车场列表加载失败：服务错误：数据库忙（请求编号：…）`,
 * not amis's `/api/system/Parking?pageSize=1000&enabledmark=1: 服务错误`. Each control that loads its
 * options from an api (`source`), or looks them up as one types (`autoComplete`), hands its api the
 * field's name (its label, else its placeholder) as LOOKUP_KEY; the fetcher (src/amis/fetcher.ts)
 * words a failure with it (lookupFailure), and the env's notify leaves out the address amis puts in
 * front (withoutApiAddress).
 */
export const LOOKUP_KEY = 'pcLookup';

/** What a lookup without a name is of. */
export const UNNAMED_LOOKUP = '选项';

/** amis's controls whose `source` is an api that gives their options. */
export const OPTION_CONTROLS = new Set([
  'select',
  'multi-select',
  'tree-select',
  'nested-select',
  'chained-select',
  'radios',
  'checkboxes',
  'button-group-select',
  'list-select',
  'transfer',
  'transfer-picker',
  'tabs-transfer',
  'tabs-transfer-picker',
  'picker',
  'input-tree',
  'input-tag',
  'matrix-checkboxes',
]);

const METHOD = /^(get|post|put|patch|delete|head|jsonp|js|raw):/i;
const PURE_VARIABLE = /^\s*\$\{[^}]*\}\s*$/;

function isObject(value: unknown): value is Node {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** An api (a string address, or `{url, …}`), not page data (`"${options}"`). */
function isApi(value: unknown): value is string | Node {
  if (typeof value === 'string') return value.trim() !== '' && !PURE_VARIABLE.test(value);
  return isObject(value) && typeof value.url === 'string' && !PURE_VARIABLE.test(value.url);
}

/** The field as its user reads it: its label, else its placeholder; '' when it has neither in plain words. */
export function lookupName(node: Node): string {
  for (const text of [node.label, node.placeholder]) {
    if (typeof text !== 'string') continue;
    const plain = text.trim().replace(/[：:]$/, '');
    if (plain && !plain.includes('${') && !plain.includes('<')) return plain;
  }
  return '';
}

function named(api: string | Node, name: string): Node {
  if (isObject(api)) return { ...api, [LOOKUP_KEY]: name };
  const method = METHOD.exec(api)?.[1];
  return method
    ? { method: method.toLowerCase(), url: api.slice(method.length + 1), [LOOKUP_KEY]: name }
    : { url: api, [LOOKUP_KEY]: name };
}

/** One node with its lookups named; the node itself when it has none (or names them already). */
export function lookupNames(node: Node): Node {
  const options = OPTION_CONTROLS.has(String(node.type)) && isApi(node.source) && !(isObject(node.source) && LOOKUP_KEY in node.source);
  const typed = isApi(node.autoComplete) && !(isObject(node.autoComplete) && LOOKUP_KEY in node.autoComplete);
  if (!options && !typed) return node;
  const name = lookupName(node);
  const out = { ...node };
  if (options) out.source = named(node.source as string | Node, name);
  if (typed) out.autoComplete = named(node.autoComplete as string | Node, name);
  return out;
}

/** The name a request carries, when it is a lookup (undefined otherwise). */
export function lookupOf(api: unknown): string | undefined {
  const name = isObject(api) ? api[LOOKUP_KEY] : undefined;
  return typeof name === 'string' ? name : undefined;
}

/** A lookup's failure in words: `停车场列表加载失败：<what the request got>`. */
export function lookupFailure(name: string, message: string): string {
  return `${name || UNNAMED_LOOKUP}列表加载失败：${message}`;
}

/**
 * amis puts the address in front of the message of an options load that failed (`/api/…?…: <msg>`):
 * the message says it in words (lookupFailure), so the address goes.
 */
export function withoutApiAddress(message: string): string {
  return message.replace(/^(?:https?:\/\/[^/\s]+)?\/\S*?: (?=\S)/, '');
}

/** amis's words around a failed options load (`加载选项失败，原因：…`, beside the field and in its notice): the reason says it. */
export function registerLookupWording(extendLocale: (locale: string, values: Record<string, string>) => void) {
  for (const locale of ['zh-CN', 'en-US']) extendLocale(locale, { 'Form.loadOptionsFailed': '{{reason}}' });
}
