import type * as amis from 'amis';
import { escapeHtml, sanitizeHtml } from '../html-safety';

/**
 * Server data is text wherever amis shows it. amis escapes a template value only when it is a bare
 * variable: `${name}` is escaped, but `${roleNames | join:、}`, `${userAgent | truncate:60}`,
 * `${a || b}` or `${CONCAT(a, b)}` put the data into the page as HTML. Here:
 *
 * - in a template amis renders as HTML (its default filter `html`: `tpl`, `html`, titles, labels,
 *   confirm texts, property contents, …) every `${…}` is escaped, whatever its filters or
 *   functions; only an explicit last `| raw` (which check:pages refuses in pages) keeps HTML.
 *   Templates amis evaluates for data or addresses (default filter `raw` or `url_encode`: apis,
 *   data mappings, `visibleOn`, link addresses) are left as they are.
 * - amis's second template engine, lodash's `<% … %>`, is switched off: it compiles the template
 *   to a function, so a `<%` in data that reached it would run as script. No page uses it.
 * - every HTML amis-ui inserts through its Html component (tooltips with option labels, toasts,
 *   CRUD and picker labels) goes through `sanitizeHtml`, as `tpl` output does through env.filterHtml.
 */
export type AmisInternals = Pick<typeof amis, 'Evaluator' | 'registerTplEnginer' | 'Html'>;

interface Ast {
  type?: string;
  body?: Ast;
  filters?: { name: string }[];
}

interface EvaluatorLike {
  options?: { defaultFilter?: string };
  evalute(ast: unknown): unknown;
}

type ScriptFn = (this: EvaluatorLike, ast: Ast) => unknown;

const PATCHED = Symbol.for('parking-console.escaping');

function escapeValue(value: unknown): unknown {
  if (typeof value === 'string') return escapeHtml(value);
  if (Array.isArray(value)) return value.map(escapeValue);
  return value;
}

function isThenable(value: unknown): value is Promise<unknown> {
  return !!value && typeof (value as { then?: unknown }).then === 'function';
}

/** True when the evaluator is filling a template amis renders as HTML. */
function rendersHtml(evaluator: EvaluatorLike): boolean {
  return (
    String(evaluator.options?.defaultFilter ?? '')
      .replace(/^\s*\|\s*/, '')
      .trim() === 'html'
  );
}

/** amis escapes bare variables itself; a value whose last filter is `raw` or `html` says what it wants. */
function decidedByAmis(body: Ast): boolean {
  if (body.type === 'getter' || body.type === 'variable') return true;
  const last = body.type === 'filter' ? body.filters?.[body.filters.length - 1]?.name : undefined;
  return last === 'raw' || last === 'html';
}

export function escapeEveryTemplateValue(Evaluator: AmisInternals['Evaluator']) {
  const proto = Evaluator.prototype as unknown as Record<PropertyKey, unknown> & { script: ScriptFn };
  if (proto[PATCHED]) return;
  const script = proto.script;
  if (typeof script !== 'function')
    throw new Error('amis-formula: Evaluator.prototype.script not found, template values would not be escaped');
  proto.script = function (this: EvaluatorLike, ast: Ast) {
    const body = ast?.body;
    if (!body || !rendersHtml(this) || decidedByAmis(body)) return script.call(this, ast);
    const value = this.evalute(body);
    return isThenable(value) ? value.then(escapeValue) : escapeValue(value);
  };
  proto[PATCHED] = true;
}

export function disableLodashTemplates(registerTplEnginer: AmisInternals['registerTplEnginer']) {
  registerTplEnginer('lodash', { test: () => false, compile: (tpl: string) => tpl, asyncCompile: async (tpl: string) => tpl });
}

interface HtmlComponent {
  props: { html?: string; filterHtml?: (html: string) => string };
  dom?: HTMLElement | null;
  _render?: () => void;
}

export function sanitizeHtmlComponent(Html: AmisInternals['Html']) {
  const inner = ((Html as unknown as { ComposedComponent?: unknown }).ComposedComponent ?? Html) as {
    prototype: HtmlComponent & Record<PropertyKey, unknown>;
  };
  const proto = inner.prototype;
  if (proto[PATCHED]) return;
  if (typeof proto._render !== 'function') throw new Error('amis-ui: Html.prototype._render not found, its HTML would not be sanitized');
  proto._render = function (this: HtmlComponent) {
    const { html, filterHtml } = this.props;
    if (html && this.dom) this.dom.innerHTML = sanitizeHtml(filterHtml ? filterHtml(html) : html);
  };
  proto[PATCHED] = true;
}

export function registerEscaping({ Evaluator, registerTplEnginer, Html }: AmisInternals) {
  escapeEveryTemplateValue(Evaluator);
  disableLodashTemplates(registerTplEnginer);
  sanitizeHtmlComponent(Html);
}
