import 'amis/lib/themes/cxd.css';
import 'amis/lib/helper.css';
import 'amis/sdk/iconfont.css';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { render as renderAmis, ToastComponent, AlertComponent } from 'amis';
import type { Schema } from 'amis';
import { amisEnv, bindAmisRouter } from './amis-env';
import { registerAmisFunctions } from './amis-functions';
import { loadPage, type PageLoadResult } from './page-loader';
import { PageProblem } from './PageProblem';
import { loadRuntimeConfig } from '../config/runtime-config';
import { userStore } from '../stores/user-store';
import { localeStore, t } from '../i18n';
import './amis-page.css';

registerAmisFunctions();

/** Toasts and alerts are mounted once per app, not per page. */
let globalsMounted = 0;
function AmisGlobals() {
  const [first] = useState(() => globalsMounted++ === 0);
  useEffect(() => () => void globalsMounted--, []);
  return first ? (
    <>
      <ToastComponent key="toast" position="top-center" />
      <AlertComponent key="alert" />
    </>
  ) : null;
}

/** Renders the JSON page a menu entry's urlAddress names. */
export interface AmisPageProps {
  urlAddress: string;
  title?: string;
  /** route parameters, e.g. `id` of /parkingAdmin/add/:id, available as `${params.id}` */
  params?: Record<string, string | undefined>;
}

const NO_PARAMS = {};

const AmisPage = observer(function AmisPage({ urlAddress, params = NO_PARAMS }: AmisPageProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [result, setResult] = useState<PageLoadResult | null>(null);
  bindAmisRouter((to, options) => (typeof to === 'number' ? navigate(to) : navigate(to, options)), location.pathname);

  useEffect(() => {
    let live = true;
    setResult(null);
    loadRuntimeConfig()
      .then((config) => loadPage(urlAddress, config.pageBundles))
      .then((next) => live && setResult(next))
      .catch(() => live && setResult({ kind: 'unavailable', file: urlAddress, status: 0 }));
    return () => {
      live = false;
    };
  }, [urlAddress]);

  const { user, buttonList, roles } = userStore;
  const context = useMemo(
    () => ({ user, perms: buttonList, roles, params }),
    [user, buttonList, roles, params],
  );

  if (!result) return <div className="pc-page-loading">{t('common.loading')}</div>;
  if (result.kind !== 'ok') return <PageProblem result={result} />;
  return (
    <div className="pc-amis-page">
      <AmisGlobals />
      {renderAmis(result.schema as Schema, { location: location as unknown as Location, context, locale: localeStore.locale }, amisEnv)}
    </div>
  );
});

export default AmisPage;
