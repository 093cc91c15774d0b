import { expressionEnd, URL_PROPS } from '../vocabulary.ts';
import { safeUrl } from '../../field-rules.ts';
import type { RuleProblem } from './page-rules.ts';

/**
 * Data into HTML: what check:pages refuses in a page (as amis gets it, the vocabulary applied).
 *
 * The console shows data as text: every `${…}` in a template amis renders as HTML is escaped
 * (src/amis/extensions/escaping.ts), link and image addresses pass `safeUrl`, sourced mappings and
 * name-only tpls show text (domain/pages/vocabulary.ts). What escaping cannot make safe is refused here,
 * each with its JSON path:
 *
 * - `| raw` where amis renders HTML: it puts the data in as markup;
 * - data inside an HTML tag of a template where escaping does not help: an event handler
 *   (`onclick="${…}"`), an address (`href`, `src`, `action`, …; use a `link` or `image` node,
 *   whose address is checked), a `style`, an unquoted attribute value (a blank in the data starts
 *   an attribute of its own), a tag or attribute name, or inside `<script>` / `<style>`;
 * - lodash templates (`<% … %>`), which the console switches off;
 * - an address of a link or image node (or a button's `url`) that is not a link or an in-app path,
 *   or that starts with something else before its data (`javascript:${…}`, `${a}${b}` is fine);
 * - an `iframe` whose `src` comes from data, and markdown with HTML on (`"options": {"html": true}`) showing data.
 */

type Json = Record<string, unknown>;

/** Keys whose templates amis evaluates as data or addresses, not as HTML. */
const NOT_HTML =
  /^(api|initApi|source|url|[a-zA-Z]+Api|data|value|defaultValue|[a-zA-Z]+On|sendOn|trackExpression|pipeIn|pipeOut|autoFill|dict|lots)$/;

/** Attributes whose value is an address. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'srcset',
  'poster',
  'data',
  'background',
  'cite',
  'ping',
  'srcdoc',
  'manifest',
  'codebase',
]);

/** A fixed start that decides the kind of address whatever data follows: a scheme the link rule accepts, or an in-app path. */
const SAFE_START = /^(https?:\/\/|mailto:|tel:|#?\/(?![/\\$]))/i;

const HOLE = '\u0001';

function isObject(value: unknown): value is Json {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** The template with each `${…}` replaced by one marker character, and the expressions. */
function holes(template: string): { text: string; expressions: string[] } {
  let text = '';
  const expressions: string[] = [];
  let i = 0;
  while (i < template.length) {
    const start = template.indexOf('${', i);
    const end = start < 0 ? -1 : expressionEnd(template, start);
    if (start < 0 || end < 0) {
      text += template.slice(i);
      break;
    }
    text += template.slice(i, start) + HOLE;
    expressions.push(template.slice(start + 2, end));
    i = end + 1;
  }
  return { text, expressions };
}

/** True when the expression's last filter is `raw`. */
function endsRaw(expression: string): boolean {
  return /\|\s*raw\s*$/.test(expression);
}

const TAG = /<([^\s/>]+)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s=>/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;

/** What is wrong with the data in one HTML template, if anything. */
export function htmlTemplateProblems(template: string): string[] {
  if (!template.includes('${') || !template.includes('<')) return [];
  const { text } = holes(template);
  const out: string[] = [];
  for (const block of text.matchAll(/<(script|style)\b[^>]*>([\s\S]*?)(<\/\1\s*>|$)/gi)) {
    if (block[2].includes(HOLE))
      out.push(`data inside <${block[1].toLowerCase()}>: it would be read as ${block[1].toLowerCase() === 'script' ? 'script' : 'CSS'}`);
  }
  for (const tag of text.matchAll(TAG)) {
    const name = tag[1];
    if (name.includes(HOLE)) out.push('data names an HTML tag: the data decides the markup');
    for (const attr of tag[2].matchAll(ATTRIBUTE)) {
      const attrName = attr[1].toLowerCase();
      const raw = attr[2] ?? '';
      if (attrName.includes(HOLE)) {
        out.push('data names an HTML attribute: the data decides the markup');
        continue;
      }
      if (!raw.includes(HOLE)) continue;
      const quoted = /^["']/.test(raw);
      const value = quoted ? raw.slice(1, -1) : raw;
      if (attrName.startsWith('on')) out.push(`data in the event handler ${attrName}="…": it would run as script`);
      else if (URL_ATTRIBUTES.has(attrName) && !SAFE_START.test(value))
        out.push(
          `data in the address ${attrName}="…": escaping does not stop a javascript: address; use a link or image node (its address is checked)`,
        );
      else if (attrName === 'style') out.push('data in a style attribute: it would be read as CSS');
      else if (!quoted)
        out.push(`data in the unquoted attribute ${attrName}=…: a blank in the data starts an attribute of its own; quote the value`);
    }
  }
  return out;
}

/** What is wrong with an address a link or image node (or a url button) takes, if anything. */
export function addressProblem(address: string): string | undefined {
  if (!address.includes('${')) {
    return safeUrl(address) === undefined ? `"${address}" is not a link (http, https, mailto, tel) or an in-app path` : undefined;
  }
  if (address.startsWith('${') || SAFE_START.test(address)) return undefined;
  return `"${address}" starts with something other than a link scheme (http, https, mailto, tel) or an in-app path before its data; start with the data or with such a scheme or path`;
}

/** `inData`: under a key whose templates are data (an api, a data mapping), where no HTML is made. */
function walk(value: unknown, path: string, key: string, out: RuleProblem[], inData = false) {
  const data = inData || NOT_HTML.test(key);
  if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${path}/${i}`, key, out, data));
  if (typeof value === 'string') {
    if (/<%/.test(value) && /%>/.test(value))
      out.push({ path, message: 'lodash template (<% … %>): the console does not evaluate these; use ${…}' });
    if (data) return;
    const { expressions } = holes(value);
    if (expressions.some(endsRaw))
      out.push({ path, message: '"| raw" puts the data into the page as HTML; leave it out (data is shown as text)' });
    for (const message of htmlTemplateProblems(value)) out.push({ path, message });
    return;
  }
  if (!isObject(value) || data) return;
  const type = typeof value.type === 'string' ? value.type : '';
  for (const prop of URL_PROPS[type] ?? []) {
    if (typeof value[prop] !== 'string') continue;
    const problem = addressProblem(value[prop] as string);
    if (problem) out.push({ path: `${path}/${prop}`, message: problem });
  }
  if ((type === 'button' || type === 'action') && value.actionType === 'url' && typeof value.url === 'string') {
    const problem = addressProblem(value.url);
    if (problem) out.push({ path: `${path}/url`, message: problem });
  }
  if (type === 'iframe' && typeof value.src === 'string' && value.src.includes('${') && !SAFE_START.test(value.src)) {
    out.push({ path: `${path}/src`, message: 'an iframe whose address comes from data: any page, or script, could be framed' });
  }
  if (
    type === 'markdown' &&
    isObject(value.options) &&
    value.options.html === true &&
    (typeof value.name === 'string' || String(value.value ?? '').includes('${'))
  ) {
    out.push({ path: `${path}/options/html`, message: 'markdown with "html": true inserts the HTML in the data' });
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === 'definitions' && path === '') continue;
    // a link's or image's address was judged above
    if (URL_PROPS[type]?.includes(k)) continue;
    walk(v, `${path}/${k}`, k, out);
  }
}

/** Every place a page puts data into HTML where escaping is not enough, with its JSON path. */
export function checkDataAsHtml(page: unknown): RuleProblem[] {
  const out: RuleProblem[] = [];
  walk(page, '', '', out);
  return out;
}
