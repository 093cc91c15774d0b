import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * A list's per-page select on a phone (amis's CRUD with `mobileUI`) labels its options
 * `10 条/页` in every language: amis writes the words into the labels instead of asking its
 * translator (amis/CRUD.js renderSwitchPerPage). Here the labels are amis's own `Pagination.select`
 * in the page's language (en-US: `10 items/page`); in Chinese they stay as amis draws them.
 */

const PATCHED = Symbol.for('parking-console.per-page-words');

type Translate = (key: string, values?: Record<string, unknown>) => string;
type Element = ReactElement<Record<string, unknown>>;
interface Option {
  label?: unknown;
  value?: unknown;
}
interface CrudLike {
  props: { mobileUI?: boolean; locale?: string; translate?: Translate };
}
type Render = (this: CrudLike, ...args: unknown[]) => unknown;

function relabel(child: ReactNode, translate: Translate): ReactNode {
  if (!isValidElement(child)) return child;
  const options = (child.props as { options?: unknown }).options;
  if (!Array.isArray(options)) return child;
  const labelled = (options as Option[]).map((option) => ({ ...option, label: translate('Pagination.select', { count: option.value }) }));
  return cloneElement(child as Element, { options: labelled });
}

type Proto = Record<string | symbol, unknown>;

/** The prototype in the class's chain that has the method itself (CRUDRenderer extends CRUD). */
function ownerOf(component: unknown, method: string): Proto | undefined {
  let proto = (component as { prototype?: Proto } | undefined)?.prototype;
  while (proto && !Object.prototype.hasOwnProperty.call(proto, method)) proto = Object.getPrototypeOf(proto) as Proto | undefined;
  return proto;
}

/** Patches the per-page select of amis's CRUD (or a class extending it); answers whether it patched. */
export function perPageInPageLanguage(Crud: unknown): boolean {
  const proto = ownerOf(Crud, 'renderSwitchPerPage');
  const original = proto?.renderSwitchPerPage;
  if (!proto || typeof original !== 'function' || proto[PATCHED]) return false;
  proto.renderSwitchPerPage = function (this: CrudLike, ...args: unknown[]) {
    const el = (original as Render).apply(this, args);
    const { mobileUI, locale, translate } = this.props;
    if (!mobileUI || !translate || !locale || locale.startsWith('zh') || !isValidElement(el)) return el;
    const children = (el.props as { children?: ReactNode }).children;
    const kids = Array.isArray(children) ? children : [children];
    return cloneElement(el as Element, {}, ...kids.map((kid: ReactNode) => relabel(kid, translate)));
  };
  proto[PATCHED] = true;
  return true;
}

interface LazyRenderer {
  getComponent?: () => Promise<{ default?: unknown }>;
  Renderer?: unknown;
}

/**
 * amis loads its crud renderer when a page first needs it: the patch is made as its chunk arrives
 * (or at once when it is already there). `entry` is amis's registry entry for `crud`.
 */
export function patchCrudWhenLoaded(entry: LazyRenderer | undefined): void {
  if (!entry) return;
  if (entry.Renderer) perPageInPageLanguage(entry.Renderer);
  const load = entry.getComponent;
  if (typeof load !== 'function') return;
  entry.getComponent = async () => {
    const mod = await load();
    perPageInPageLanguage(mod.default);
    return mod;
  };
}
