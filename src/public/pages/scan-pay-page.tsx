import { useEffect, useState } from 'react';
import { useApi, ApiFailure } from '../api';
import { money } from '../format';
import { href, navigate } from '../hash-route';
import { t } from '../i18n';
import { failureText, Failure, Icon, Loading } from '../ui';
import { useLoad } from '../use-load';

/**
 * /scanPay?outTradeNo=…: what the customer's phone opens from the collector's dynamic QR (the
 * handheld's `qr` collection): the simulated wallet's confirm, then /payResult, which asks the server.
 */
export function ScanPayPage({ params }: { params: URLSearchParams }) {
  const api = useApi();
  const outTradeNo = params.get('outTradeNo') ?? '';
  const {
    data: status,
    error,
    reload,
  } = useLoad(() => (outTradeNo ? api.payStatus(outTradeNo) : Promise.reject(new ApiFailure(t('result.missing'), 404))), [api, outTradeNo]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const result = href('/payResult', { outTradeNo });

  useEffect(() => {
    if (status?.status === 'paid') navigate(result, { replace: true });
  }, [status, result]);

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await api.confirmSim(outTradeNo);
      navigate(result);
    } catch (e) {
      setFailure(e);
      setBusy(false);
    }
  }

  if (error) return <Failure error={error} onRetry={outTradeNo ? reload : undefined} />;
  if (!status || status.status === 'paid') return <Loading />;
  if (status.status === 'closed')
    return (
      <div className="pp-result pp-result--closed" data-testid="result-closed">
        <Icon kind="error" />
        <h1 className="pp-result__title">{t('result.closed')}</h1>
        <p className="pp-result__note">{t('result.closedText')}</p>
      </div>
    );
  return (
    <section className="pp-card pp-wallet" aria-labelledby="pp-scanpay-title" data-testid="scan-pay">
      <p className="pp-sheet__kicker">{t('pay.sheetTitle')}</p>
      <h1 id="pp-scanpay-title" className="pp-sheet__title">
        {t('pay.sheet.any', { amount: money(status.amountCents) })}
      </h1>
      <p className="pp-sheet__amount">{money(status.amountCents)}</p>
      <p className="pp-muted">{t('pay.sheetNote')}</p>
      {failure ? (
        <p className="pp-error" role="alert">
          {failureText(failure)}
        </p>
      ) : null}
      <button
        type="button"
        className="pp-button pp-button--primary pp-button--block"
        onClick={() => void confirm()}
        disabled={busy}
        data-testid="wallet-confirm"
      >
        {busy ? t('pay.confirming') : t('pay.confirm')}
      </button>
    </section>
  );
}
