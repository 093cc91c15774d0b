import { safeUrl } from '../../domain/field-rules';

/**
 * HTML the console lets amis put into the page. Data reaches the page as text (templates escape
 * every value, src/amis/extensions/escaping.ts); this is the net under that: whatever HTML amis
 * is about to insert (a `tpl`, a tooltip, a confirm box) keeps formatting only. No script,
 * no event handler, no frame, form, image or SVG, and links only to addresses `safeUrl` accepts.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML that shows it literally. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Removed with everything inside them. */
const DROPPED = new Set(
  (
    'script style iframe frame frameset object embed applet link meta base template noscript noembed noframes xmp plaintext ' +
    'form input button textarea select option optgroup datalist svg math img image video audio source track picture canvas ' +
    'portal dialog title area map param head slot'
  ).split(' '),
);

/** Kept (with the attributes below); any other element gives way to its content. */
const KEPT = new Set(
  (
    'a abbr b bdi bdo blockquote br caption cite code col colgroup dd del dfn div dl dt em font h1 h2 h3 h4 h5 h6 hr i ins kbd ' +
    'label li mark ol p pre q s samp small span strike strong sub sup table tbody td tfoot th thead time tr u ul var wbr'
  ).split(' '),
);

const ATTRIBUTES = new Set(
  'class title style href target rel colspan rowspan align valign width height color size lang dir datetime role alt aria-label aria-hidden'.split(
    ' ',
  ),
);

/** CSS that fetches or runs something (`url(…)`, old IE expressions, imports) or hides it in escapes. */
const UNSAFE_STYLE = /url\s*\(|expression\s*\(|@import|javascript:|\\/i;

const HTML_NS = 'http://www.w3.org/1999/xhtml';

function cleanAttributes(el: Element) {
  for (const { name, value } of Array.from(el.attributes)) {
    const keep =
      (ATTRIBUTES.has(name) || /^data-[\w-]+$/.test(name)) &&
      !(name === 'href' && safeUrl(value) === undefined) &&
      !(name === 'style' && UNSAFE_STYLE.test(value));
    if (!keep) el.removeAttribute(name);
  }
  if (el.localName === 'a' && el.hasAttribute('target')) el.setAttribute('rel', 'noopener noreferrer');
}

function clean(parent: ParentNode) {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === 3) continue; // text
    if (node.nodeType !== 1) {
      node.parentNode?.removeChild(node); // comments, processing instructions
      continue;
    }
    const el = node as Element;
    const tag = el.localName;
    if (el.namespaceURI !== HTML_NS || DROPPED.has(tag)) {
      el.remove();
      continue;
    }
    clean(el);
    if (!KEPT.has(tag)) el.replaceWith(...Array.from(el.childNodes));
    else cleanAttributes(el);
  }
}

/**
 * Event handler attributes renamed before the text is parsed: Chrome checks an `on…` attribute
 * against the page's Content-Security-Policy as it parses it, even into an inert document, and
 * reports a violation for what never runs. The renamed ones are dropped with the other unknown
 * attributes; one this misses (a `>` inside a quoted value before it) is still dropped below.
 */
function renameHandlers(html: string): string {
  let out = html;
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(/(<[^<>]*?[\s"'/])on[\w-]*\s*=/gi, '$1x-removed=');
  }
  return out;
}

/**
 * `html` with only formatting left (amis's `filterHtml`, and every HTML amis inserts). Text without
 * markup comes back unchanged; without a DOM (tests, server) the whole input is escaped.
 */
export function sanitizeHtml(html: unknown): string {
  const source = html === null || html === undefined ? '' : String(html);
  if (!source.includes('<')) return source;
  if (typeof DOMParser === 'undefined') return escapeHtml(source);
  const doc = new DOMParser().parseFromString(`<!DOCTYPE html><html><head></head><body>${renameHandlers(source)}`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
