import 'amis/lib/themes/cxd.css';
import 'amis/lib/helper.css';
import 'amis/sdk/iconfont.css';
// amis's own renderers draw Font Awesome icons (the list's reload button is `fa fa-sync`): served from the bundle
import '@fortawesome/fontawesome-free/css/all.min.css';
import '@fortawesome/fontawesome-free/css/v4-shims.min.css';
import '../styles/amis-layout.css';
import '../styles/amis-contrast.css';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import { useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { render as renderAmis, ToastComponent, AlertComponent, loadAsyncRenderersByType } from 'amis';
import type { Schema } from 'amis';
import { amisEnv, bindAmisPath, bindModalHost } from './amis-env';
import { registerExtensions } from './extensions';
import { loadPage, type PageLoadResult } from './page-loader';
import { rendererTypes } from './renderer-preload';
import { ChunkLoadFailed, takePrefetchedPage } from './lazy-amis-page';
import { PageProblem } from './page-problem';
import { createListRefresher, dataVersion, listenForPageEdits, pageVersions } from './page-reload';
import Cookies from 'js-cookie';
import { brandFor, loadedRuntimeConfig, loadRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { PageErrorBoundary } from './page-error-boundary';
import { routeQueryData } from './route-query';
import { userStore } from '../stores/user-store';
import { usePageActive } from '../layout/page-active';
import { chromeGate } from '../layout/chrome-gate';
import { localeStore, t } from '../i18n';
import { amisTranslator } from '../i18n/amis-translate';
import './amis-page.css';

registerExtensions();
listenForPageEdits();

/** Loads the chunks of every renderer the screen shows first, in one round (renderer-preload.ts); also for lazy-amis-page.tsx. */
export const preloadRenderers = (schema: unknown): Promise<void> => loadAsyncRenderersByType(rendererTypes(schema), true);

/**
 * amis's toasts and alerts, once per app, in a root of their own as amis loads: no page owns them,
 * so closing a tab never takes them away, and a page render React sets aside never counts as one
 * that shows them (a delete confirm once found no AlertComponent and drew itself on the body).
 */
function mountAmisGlobals(): void {
  const host = document.createElement('div');
  host.className = 'pc-amis-globals';
  document.body.appendChild(host);
  createRoot(host).render(
    <>
      <ToastComponent position="top-center" />
      <AlertComponent />
    </>,
  );
}
mountAmisGlobals();

/** Renders the JSON page a menu entry's urlAddress names. */
export interface AmisPageProps {
  urlAddress: string;
  title?: string;
  /** route parameters, e.g. `id` of /parkingAdmin/add/:id, available as `${params.id}` */
  params?: Record<string, string | undefined>;
}

const NO_PARAMS = {};

const AmisPage = observer(function AmisPage({ urlAddress, params = NO_PARAMS }: AmisPageProps) {
  const location = useLocation();
  // a page fetched beside CurrentUser at start-up is taken once, at the first open; when it is in
  // already, the first render shows it. Later opens fetch the file fresh.
  const [early] = useState(() => (pageVersions.of(urlAddress) === 0 ? takePrefetchedPage(urlAddress, localeStore.locale) : undefined));
  const unusedEarly = useRef(early);
  const [result, setResult] = useState<PageLoadResult | null>(early?.settled ?? null);
  const [config, setConfig] = useState<RuntimeConfig | null>(loadedRuntimeConfig() ?? null);
  const [chunksFailed, setChunksFailed] = useState(false);
  // Dialogs open inside the active page's own box, so a kept-alive tab that is hidden hides its dialogs too.
  const box = useRef<HTMLDivElement>(null);
  // Kept-alive tabs stay mounted while hidden: only the visible page tells amis where it is.
  const active = usePageActive();
  const rendered = result?.kind === 'ok';
  useLayoutEffect(() => {
    if (!active) return;
    bindAmisPath(location.pathname);
    if (rendered) bindModalHost(box.current);
  }, [active, location.pathname, rendered]);

  // after a save anywhere, this page's lists and summaries reload: now if visible, else when shown again
  const [lists] = useState(createListRefresher);
  const dataChanged = dataVersion.version;
  useEffect(() => lists.update(active), [lists, active, dataChanged]);

  const version = pageVersions.of(urlAddress);
  // a switch of language loads the page again through the new language's table
  const locale = localeStore.locale;
  useEffect(() => {
    let live = true;
    // the first run has the props the early page was taken for; later runs fetch fresh
    const taken = unusedEarly.current;
    unusedEarly.current = undefined;
    // every renderer chunk the screen shows, in one round, while amis builds the page (its root waits
    // for them); after a redeploy the old chunks are gone: offer a reload, as for the amis chunk itself
    const preload = (next: PageLoadResult) => {
      if (next.kind === 'ok') void preloadRenderers(next.schema).catch(() => live && setChunksFailed(true));
      return next;
    };
    // in by now (the first render may have come just before it): shown without waiting another turn
    if (taken?.settled) {
      setResult(preload(taken.settled));
      setConfig(loadedRuntimeConfig() ?? null);
      return () => {
        live = false;
      };
    }
    if (version === 0) setResult(null);
    loadRuntimeConfig()
      .then((loaded) => {
        if (live) setConfig(loaded);
        return taken?.page ?? loadPage(urlAddress, loaded.pageBundles, fetch, locale);
      })
      .then(preload)
      .then((next) => live && setResult(next))
      .catch(() => live && setResult({ kind: 'unavailable', file: urlAddress, status: 0 }));
    return () => {
      live = false;
    };
  }, [urlAddress, version, locale]);

  // the shell's chrome waits for the first JSON screen (layout/chrome-gate.ts): this one is drawn
  useEffect(() => {
    if (result) chromeGate.show();
  }, [result]);

  const { user, buttonList, roles } = userStore;
  // under every data scope, dialogs included: ${user.realName}, ${perms}, ${params.id}, ${config.addresses.swagger};
  // routePath: the page's own path (a kept-alive tab keeps its own), for pc-route-title
  const routePath = location.pathname;
  const context = useMemo(
    () => ({
      user,
      perms: buttonList,
      roles,
      params,
      routePath,
      config,
      brand: config ? brandFor(config, Cookies.get('account')) : undefined,
    }),
    [user, buttonList, roles, params, routePath, config],
  );

  // filters a link asked for (a dashboard to-do), taken by the list's filter fields by name
  const search = location.search;
  const queryData = useMemo(() => routeQueryData(search), [search]);

  if (chunksFailed) return <ChunkLoadFailed />;
  if (!result) return <div className="pc-page-loading">{t('common.loading')}</div>;
  if (result.kind !== 'ok') return <PageProblem result={result} />;
  return (
    <div className="pc-amis-page" ref={box} style={{ '--pc-list-loading': JSON.stringify(t('common.loading')) } as CSSProperties}>
      <PageErrorBoundary key={result.file} file={result.file}>
        {renderAmis(
          result.schema as Schema,
          {
            location: location as unknown as Location,
            data: queryData,
            context,
            locale: localeStore.locale,
            translate: amisTranslator(localeStore.locale),
            scopeRef: lists.scopeRef,
          },
          amisEnv,
        )}
      </PageErrorBoundary>
    </div>
  );
});

export default AmisPage;
