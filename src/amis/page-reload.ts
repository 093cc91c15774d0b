import { makeAutoObservable } from 'mobx';
import { FRAGMENT_FOLDER } from '../../domain/pages/page-fragments';

/**
 * Bumped when a page file changes on disk (development only), so the open screen reloads. A shared
 * fragment (`_fragments/…`) may be in any page: its change reloads them all. The app uses the one
 * below; a test builds its own.
 */
export class PageVersions {
  versions = new Map<string, number>();
  fragments = 0;

  constructor() {
    makeAutoObservable(this);
  }

  bump(urlAddress: string) {
    if (urlAddress.startsWith(`${FRAGMENT_FOLDER}/`)) this.fragments++;
    else this.versions.set(urlAddress, (this.versions.get(urlAddress) ?? 0) + 1);
  }

  of(urlAddress: string): number {
    return (this.versions.get(urlAddress) ?? 0) + this.fragments;
  }
}

export const pageVersions = new PageVersions();

let listening = false;

/** In `npm run dev` the reference server streams saved page files at /__pages-events. */
export function listenForPageEdits() {
  if (listening || process.env.NODE_ENV !== 'development' || typeof EventSource === 'undefined') return;
  listening = true;
  const source = new EventSource('/__pages-events');
  source.onmessage = (event) => {
    try {
      const { urlAddress } = JSON.parse(event.data) as { urlAddress: string };
      pageVersions.bump(urlAddress);
    } catch {
      // ignore malformed events
    }
  };
}

/*
 * Lists never go stale. Every successful write an amis page makes (a create, an update, a delete, a
 * status change, from any screen) bumps one data version. Each open page then reloads its lists
 * (crud) and the services beside them (summaries, details): the visible page at once, a kept-alive
 * tab when it is shown again. A list keeps its filter and page; forms are never reloaded (what was
 * typed stays), and neither is a service that holds a form.
 */

export class DataVersion {
  version = 0;

  constructor() {
    makeAutoObservable(this);
  }

  bump() {
    this.version++;
  }
}

export const dataVersion = new DataVersion();

/** Calls that change nothing a list shows: sign-in and sign-out, uploads of a file not yet saved with a record. */
const NOT_DATA = /\/api\/(oauth\/|file\/)/i;

/**
 * Addresses lists and services read from, as patterns: a list that reads with a POST is no write, or
 * its own reload would count as new data and reload it again. Learnt as lists are reloaded.
 */
const listReads = new Map<string, RegExp>();

/** `post:/api/x/${id}/rows?a=${a}` → a pattern of its path, `${…}` standing for one segment. */
export function apiPathPattern(api: unknown): RegExp | undefined {
  const raw = typeof api === 'string' ? api : api && typeof api === 'object' ? (api as { url?: unknown }).url : undefined;
  if (typeof raw !== 'string') return undefined;
  const path = raw.replace(/^[a-z]+:(?!\/\/)/i, '').split('?')[0];
  if (!path.startsWith('/')) return undefined;
  const source = path
    .split(/\$\{[^}]*\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/?]+');
  return new RegExp(`^${source}(\\?|$)`);
}

/** A list api whose method is not GET (`post:/api/rows`, `{"method": "post", …}`). */
function readsWithWrite(api: unknown): boolean {
  const method =
    typeof api === 'string' ? (/^([a-z]+):(?!\/\/)/i.exec(api)?.[1] ?? 'get') : String((api as { method?: unknown })?.method ?? 'get');
  return method.toLowerCase() !== 'get';
}

function isListRead(url: string): boolean {
  for (const pattern of listReads.values()) if (pattern.test(url)) return true;
  return false;
}

/** After an answer to an amis call: a write that succeeded (amis status 0) is new data. */
export function noteAnswer(method: string, url: string, amisStatus: number, versions: DataVersion = dataVersion) {
  if (method.toLowerCase() === 'get' || amisStatus !== 0 || NOT_DATA.test(url) || isListRead(url)) return;
  versions.bump();
}

/**
 * A component of amis's scope: a crud's `search(values, silent, clearSelection, forceReload)`, a
 * service's `reload(subpath, query, ctx, silent)`.
 */
export interface ReloadTarget {
  props: Record<string, unknown>;
  reload?: (subpath?: string, query?: unknown, ctx?: unknown, silent?: boolean) => unknown;
  search?: (values?: unknown, silent?: boolean, clearSelection?: boolean, forceReload?: boolean) => unknown;
}

/** The part of amis's scope (amis-core Scoped) the reload walks. */
export interface ReloadScope {
  getComponents(): Array<ReloadTarget>;
  children?: ReloadScope[];
}

const RELOADED = new Set(['crud', 'crud2', 'service']);

function holdsForm(schema: unknown): boolean {
  return JSON.stringify(schema ?? null).includes('"type":"form"');
}

/** Whether a crud's store is fetching (amis's own, non-silent reload), so its rows are marked loading. */
function isLoading(component: ReloadTarget): boolean {
  const store = component.props.store as { loading?: unknown } | undefined;
  return store?.loading === true;
}

/** Reloads every list and every data service under a scope (dialogs included); answers how many. */
export function reloadLists(scope: ReloadScope | null | undefined): number {
  if (!scope) return 0;
  let count = 0;
  for (const component of scope.getComponents()) {
    const { type, api, body } = component.props;
    if (!RELOADED.has(String(type)) || !api || (typeof component.reload !== 'function' && typeof component.search !== 'function')) continue;
    if (type === 'service' && holdsForm(body)) continue;
    const read = readsWithWrite(api) ? apiPathPattern(api) : undefined;
    if (read) listReads.set(read.source, read);
    // silently: no spinner over the rows, the rows and the selection stay until the answer replaces
    // them. But a list amis is reloading itself (after its own row's or dialog's action) is asked
    // again as loading: a silent search would cancel amis's and with it the list's loading state
    // (.cxd-Crud.is-loading), which keeps its rows from taking a click until the answer replaces
    // them (amis-page.css)
    if (type !== 'service' && typeof component.search === 'function') component.search(undefined, !isLoading(component), false, true);
    else component.reload?.(undefined, undefined, undefined, true);
    count++;
  }
  for (const child of scope.children ?? []) count += reloadLists(child);
  return count;
}

/**
 * For a page's amis root: answers its `scopeRef`. When the data version moves on while the page is
 * visible, or the page is shown again after it moved on, its lists reload (after amis has handled
 * the write's answer: closed its dialog, reloaded what it reloads itself).
 */
export function createListRefresher(versions: DataVersion = dataVersion) {
  let scope: ReloadScope | null = null;
  let seen = versions.version;
  return {
    scopeRef(ref: ReloadScope | null) {
      scope = ref;
    },
    /** Call with whether the page is visible, whenever that or the data version changes. */
    update(active: boolean, schedule: (run: () => void) => void = (run) => setTimeout(run, 0)) {
      if (!active || versions.version === seen) return;
      seen = versions.version;
      schedule(() => reloadLists(scope));
    },
  };
}
