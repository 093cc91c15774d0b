import { useEffect, type ReactNode } from 'react';
import { useBrand } from './brand';
import { parseHash, useHash } from './hash-route';
import { setLocale, t, useLocale } from './i18n';
import { OrderPage, ScanPage } from './pages/bill-pages';
import { GroupCardInfoPage, GroupCardScanPage } from './pages/group-card-pages';
import { PayResultPage } from './pages/pay-result-page';
import { PdaPage } from './pages/pda-page';
import { ScanPayPage } from './pages/scan-pay-page';
import { Icon } from './ui';
import { ActivityPage } from './pages/activity-page';

/**
 * scan.html: the pages drivers and collectors open from a QR code (spec §2, docs/public-api.md),
 * outside the console. The hash path picks the page; each is keyed by the whole hash, so a new
 * address starts it afresh. Titles: the scan-exit pages take the bare site title, the others
 * their own before it (spec §2 guard rules).
 */

interface PublicPage {
  /** null: the bare site title */
  title: () => string | null;
  render: (params: URLSearchParams) => ReactNode;
}

export const PUBLIC_PAGES: Record<string, PublicPage> = {
  '/scanQRcode': { title: () => null, render: (p) => <ScanPage params={p} /> },
  '/orderInfoByQRcode': { title: () => null, render: (p) => <OrderPage params={p} /> },
  '/payResult': { title: () => null, render: (p) => <PayResultPage params={p} /> },
  // the collector's dynamic QR opens it on the customer's phone
  '/scanPay': { title: () => null, render: (p) => <ScanPayPage params={p} /> },
  '/pdaScanQrcode': { title: () => t('title.pda'), render: () => <PdaPage /> },
  '/scanGroupCardQrcode': { title: () => t('title.groupCard'), render: (p) => <GroupCardScanPage params={p} /> },
  '/groupCardInfo': { title: () => t('title.groupCardInfo'), render: (p) => <GroupCardInfoPage params={p} /> },
  // regional statistics (§10.4): the bare site title, no personal data
  '/activity': { title: () => null, render: () => <ActivityPage /> },
};

function NotFound() {
  return (
    <section className="pp-state pp-state--error" aria-labelledby="pp-404">
      <Icon kind="warn" />
      <h1 id="pp-404" className="pp-state__title">
        {t('notFound.title')}
      </h1>
      <p className="pp-state__text">{t('notFound.text')}</p>
    </section>
  );
}

export function PublicApp() {
  const locale = useLocale();
  const hash = useHash();
  const { path, params } = parseHash(hash);
  const page = PUBLIC_PAGES[path];
  const brand = useBrand(locale);
  const title = page?.title() ?? (page ? null : t('notFound.title'));

  useEffect(() => {
    document.title = title ? `${title} - ${brand.title}` : brand.title;
  }, [title, brand.title]);
  // every page starts at the top (spec §2)
  useEffect(() => {
    // a block: newer browsers answer scrollTo with a promise, which React would take for a cleanup
    window.scrollTo(0, 0);
  }, [path]);

  const other = locale === 'en-US' ? 'zh-CN' : 'en-US';
  return (
    <div className="pp-app">
      <header className="pp-header">
        <p className="pp-brand" data-testid="public-brand">
          {brand.logo ? <img className="pp-brand__logo" src={brand.logo} alt="" /> : null}
          <span className="pp-brand__title">{brand.title}</span>
        </p>
        <button
          type="button"
          className="pp-lang"
          lang={other === 'en-US' ? 'en' : 'zh-CN'}
          aria-label={t('lang.switchLabel')}
          onClick={() => setLocale(other)}
          data-testid="lang-switch"
        >
          {t('lang.switch')}
        </button>
      </header>
      <main className="pp-main" key={hash}>
        {page ? page.render(params) : <NotFound />}
      </main>
    </div>
  );
}
