import { lazy, type ComponentType } from 'react';
import type { AmisPageProps } from './amis-page';
import type { PageLoadResult } from './page-loader';
import { bundlesWith, loadedRuntimeConfig, loadRuntimeConfig } from '../config/runtime-config';
import { fetchTakingEarly } from '../api/early-requests';
import { localeStore, t } from '../i18n';
import type { Locale } from '../i18n/messages';

/** After a redeploy the old chunk names are gone: offer a reload instead of a blank tab (amis, or a renderer's chunk). */
export function ChunkLoadFailed(_props: Partial<AmisPageProps>) {
  return (
    <section className="pc-card pc-page-problem" role="alert">
      <h2>{t('page.chunkFailed')}</h2>
      <p>{t('page.chunkFailedDetail')}</p>
      <button className="pc-btn pc-btn--primary" onClick={() => window.location.reload()}>
        {t('page.reload')}
      </button>
    </section>
  );
}

type AmisPageModule = typeof import('./amis-page');
let amisModule: Promise<AmisPageModule> | null = null;

/**
 * amis is heavy: loaded only once a token exists, never for the sign-in page. A signed-in start
 * asks for it at once, beside CurrentUser (src/router/boot-preload.ts); a failed load is asked
 * again on the next try.
 */
export function preloadAmis(): Promise<AmisPageModule> {
  amisModule ??= import(/* webpackChunkName: "amis" */ './amis-page').catch((error: unknown) => {
    amisModule = null;
    throw error;
  });
  return amisModule;
}

export const LazyAmisPage = lazy((): Promise<{ default: ComponentType<AmisPageProps> }> =>
  preloadAmis().catch(() => ({ default: ChunkLoadFailed })),
);

/** The page loader's chunk: a start asks for it with amis (console-preload.ts), so a start uses it either way. */
export const loadPageLoader = () => import(/* webpackChunkName: "page-loader" */ './page-loader');

/** A page fetched before its screen asked; `settled` once it is in, so the screen's first render can show it. */
export interface EarlyPage {
  page: Promise<PageLoadResult>;
  settled?: PageLoadResult;
}

const earlyPages = new Map<string, EarlyPage>();

/**
 * Fetches a page file (and its fragments) before the screen asks, and the renderer chunks it
 * shows once amis is here. The screen takes it once (takePrefetchedPage); later opens fetch fresh.
 */
export function prefetchPage(urlAddress: string, locale: Locale = localeStore.locale): void {
  // the start guesses the file from the path (boot-preload.ts): a guess no bundle lists (the menu's
  // urlAddress differs from its path) is not asked, which would cost a 404 per bundle
  const config = loadedRuntimeConfig();
  if (!config) {
    void loadRuntimeConfig().then(() => prefetchPage(urlAddress, locale));
    return;
  }
  if (!bundlesWith(config, urlAddress).length) return;
  const key = `${locale} ${urlAddress}`;
  if (earlyPages.has(key)) return;
  const page = Promise.all([loadPageLoader(), loadRuntimeConfig()]).then(([{ loadPage }, config]) =>
    loadPage(urlAddress, config.pageBundles, fetchTakingEarly, locale),
  );
  const early: EarlyPage = { page };
  page.then(
    (loaded) => (early.settled = loaded),
    () => undefined,
  );
  earlyPages.set(key, early);
  // amis's chunk holds the main thread for some 300 ms as it evaluates: the page loader's few short
  // steps (the page file, then its fragments) go first, unless they take long
  const pageFirst = Promise.race([page.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, PAGE_FIRST_MS))]);
  void pageFirst
    .then(() => Promise.all([preloadAmis(), page]))
    .then(([amis, loaded]) => (loaded.kind === 'ok' ? amis.preloadRenderers(loaded.schema) : undefined))
    .catch(() => undefined);
}

/** How long amis's evaluation waits for a prefetched page at most (on a slow network it overlaps the wait). */
const PAGE_FIRST_MS = 150;

/** The prefetched page of `urlAddress` in `locale`, once; undefined when there is none. */
export function takePrefetchedPage(urlAddress: string, locale: Locale): EarlyPage | undefined {
  const key = `${locale} ${urlAddress}`;
  const page = earlyPages.get(key);
  earlyPages.delete(key);
  return page;
}
