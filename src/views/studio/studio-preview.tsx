import { useEffect, useMemo, useState } from 'react';
import { render as renderAmis, type Schema } from 'amis';
import { useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import Cookies from 'js-cookie';
import { loadPage, type PageLoadResult } from '../../amis/page-loader';
import { pageUrls } from '../../amis/page-urls';
import { PageProblem } from '../../amis/page-problem';
import { PageErrorBoundary } from '../../amis/page-error-boundary';
import { brandFor, loadRuntimeConfig, type RuntimeConfig } from '../../config/runtime-config';
import { userStore } from '../../stores/user-store';
import { localeStore } from '../../i18n';
import { amisTranslator } from '../../i18n/amis-translate';
import { readOnlyEnv } from './read-only-env';
import { st } from './studio-texts';

export const PREVIEW_WIDTHS = [1440, 768, 390] as const;

/**
 * The page as its screen will show it: the edited text goes through the page loader as if it were
 * the site bundle's file (fragments, the bundles' translation table), rendered with the console's
 * context (user, permissions, roles, configuration) and vocabulary, its fetcher read-only.
 */
export const StudioPreview = observer(function StudioPreview({
  urlAddress,
  page,
  width,
}: {
  urlAddress: string;
  page: unknown;
  width: number;
}) {
  const location = useLocation();
  const [config, setConfig] = useState<RuntimeConfig | null>(null);
  const [result, setResult] = useState<PageLoadResult | null>(null);
  // a page that failed to render gets a fresh boundary with the next edit
  const [revision, setRevision] = useState(0);
  const locale = localeStore.locale;
  useEffect(() => {
    let live = true;
    void loadRuntimeConfig().then(async (loaded) => {
      const own = pageUrls(urlAddress, loaded.pageBundles)[0];
      const text = JSON.stringify(page);
      // the edited page stands in for the first bundle's file; fragments and tables load as usual
      const fetchEdited: typeof fetch = (input, init) =>
        String(input) === own
          ? Promise.resolve(new Response(text, { headers: { 'content-type': 'application/json' } }))
          : fetch(input, init);
      const next = await loadPage(urlAddress, loaded.pageBundles, fetchEdited, locale);
      if (live) {
        setConfig(loaded);
        setResult(next);
        setRevision((r) => r + 1);
      }
    });
    return () => {
      live = false;
    };
  }, [urlAddress, page, locale]);

  const { user, buttonList, roles } = userStore;
  const context = useMemo(
    () => ({
      user,
      perms: buttonList,
      roles,
      params: {},
      routePath: `/${urlAddress}`,
      config,
      brand: config ? brandFor(config, Cookies.get('account')) : undefined,
    }),
    [user, buttonList, roles, urlAddress, config],
  );
  if (!result) return <div className="pc-page-loading">{st('loading')}</div>;
  if (result.kind !== 'ok') return <PageProblem result={result} />;
  return (
    <div className="pc-studio-preview__frame" style={{ width }} data-width={width}>
      <div className="pc-amis-page">
        <PageErrorBoundary key={revision} file={result.file}>
          {renderAmis(
            result.schema as Schema,
            { location: location as unknown as Location, context, locale, translate: amisTranslator(locale) },
            readOnlyEnv,
          )}
        </PageErrorBoundary>
      </div>
    </div>
  );
});
