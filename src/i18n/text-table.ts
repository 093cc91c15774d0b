import { observable, reaction, runInAction } from 'mobx';
import { loadRuntimeConfig } from '../config/runtime-config';
import { localeStore } from './index';
import type { Locale } from './messages';
import { mergeTables, parseTable, translateText, type TextTable } from './page-texts';

/** `/pages-json/` + `en-US` → `/pages-json/_i18n/en-US.json` */
export function tableUrl(bundle: string, locale: Locale): string {
  return `${bundle.endsWith('/') ? bundle : bundle + '/'}_i18n/${locale}.json`;
}

/** `fetch` as the page files need it: an address and options (the start's early answers take the same shape). */
export type FetchText = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * The locale's table from every bundle, merged (a site's own entries win). zh-CN is the language
 * pages are written in: no table. A bundle without a table, or an unreadable one, adds nothing.
 */
export async function loadTextTable(locale: Locale, bundles: string[], fetchImpl: FetchText = fetch): Promise<TextTable> {
  if (locale === 'zh-CN') return {};
  const tables = await Promise.all(
    bundles.map(async (bundle) => {
      try {
        const res = await fetchImpl(tableUrl(bundle, locale), { cache: 'no-store' });
        // a dev server may answer unknown paths with index.html
        if (!res.ok || (res.headers.get('content-type') ?? '').includes('text/html')) return {};
        return parseTable(await res.json());
      } catch {
        return {};
      }
    }),
  );
  return mergeTables(tables);
}

/** The current locale's table for the shell's own use (menu names, route titles, brand titles). */
class TextTableStore {
  // the table is replaced whole, never changed in place: only the reference is observed
  private current = observable.box<TextTable>({}, { deep: false });
  private started = false;

  get table(): TextTable {
    return this.current.get();
  }

  private set(table: TextTable) {
    runInAction(() => this.current.set(table));
  }

  /** A table just loaded by the page loader: the nodes amis is about to render use the same one. */
  offer(locale: Locale, table: TextTable) {
    if (locale === localeStore.locale) this.set(table);
  }

  /** Loads the table now and again on every switch of language; the first text asked for starts it. */
  start() {
    if (this.started || typeof window === 'undefined') return;
    this.started = true;
    reaction(
      () => localeStore.locale,
      (locale) => {
        loadRuntimeConfig()
          .then((config) => loadTextTable(locale, config.pageBundles))
          .then((table) => localeStore.locale === locale && this.set(table))
          .catch(() => undefined);
      },
      { fireImmediately: true },
    );
  }
}

export const textTableStore = new TextTableStore();

/** A Chinese text of the data the shell shows (a menu name, a route title) in the current language. */
export function uiText(text: string): string {
  textTableStore.start();
  return localeStore.locale === 'zh-CN' ? text : translateText(text, textTableStore.table);
}
