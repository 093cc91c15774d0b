import { useEffect, useState } from 'react';
import { useApi, ApiFailure } from '../api';
import { clock, dateTime, money } from '../format';
import { t } from '../i18n';
import { pollPayment, type PollOptions, type PollState } from '../poll';
import { Facts, Failure, Icon } from '../ui';

/**
 * /payResult?outTradeNo=…: what the server says of the payment, asked until it is paid or closed
 * (poll.ts). The outcome is one live region: a screen reader hears 支付成功 when it comes.
 */
export function PayResultPage({ params, pollOptions }: { params: URLSearchParams; pollOptions?: PollOptions }) {
  const api = useApi();
  const outTradeNo = params.get('outTradeNo') ?? '';
  const [state, setState] = useState<PollState>({ phase: 'checking', status: null });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!outTradeNo) return;
    return pollPayment(() => api.payStatus(outTradeNo), setState, pollOptions);
    // pollOptions: a test's, fixed for the page's life
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, outTradeNo, round]);

  if (!outTradeNo) return <Failure error={new ApiFailure(t('result.missing'), 404)} />;
  if (state.phase === 'failed') return <Failure error={state.error} onRetry={() => setRound((r) => r + 1)} />;

  const recheck = (
    <button type="button" className="pp-button pp-button--secondary" onClick={() => setRound((r) => r + 1)} data-testid="recheck">
      {t('result.recheck')}
    </button>
  );
  let body;
  if (state.phase === 'paid') {
    const s = state.status;
    body = (
      <div className="pp-result pp-result--paid" data-testid="result-paid">
        <Icon kind="success" />
        <h1 className="pp-result__title">{t('result.paid')}</h1>
        <p className="pp-result__amount">{money(s.amountCents)}</p>
        {s.renewal && s.applied !== false ? (
          <p className="pp-result__note pp-strong" data-testid="result-renewed">
            {t('result.renewed', { cardNo: s.renewal.cardNo, date: s.renewal.endDate })}
          </p>
        ) : null}
        {s.applied === false ? (
          <p className="pp-note" data-testid="result-unapplied">
            {s.refunded ? t('result.refunded', { amount: money(s.unappliedCents ?? 0) }) : t('result.unapplied')}
          </p>
        ) : null}
        {s.exited ? (
          <p className="pp-result__note">{t('result.exited')}</p>
        ) : s.leaveBefore !== null ? (
          <p className="pp-result__note">{t('result.leaveBefore', { time: clock(s.leaveBefore) })}</p>
        ) : null}
        <Facts
          rows={[
            [t('result.amount'), money(s.amountCents)],
            [t('result.paidAt'), s.paidAt !== null ? dateTime(s.paidAt) : ''],
          ]}
        />
      </div>
    );
  } else if (state.phase === 'closed') {
    body = (
      <div className="pp-result pp-result--closed" data-testid="result-closed">
        <Icon kind="error" />
        <h1 className="pp-result__title">{t('result.closed')}</h1>
        {state.status.closedReason ? <p className="pp-result__reason">{t(`result.closed.${state.status.closedReason}`)}</p> : null}
        <p className="pp-result__note">{t('result.closedText')}</p>
      </div>
    );
  } else if (state.phase === 'timeout') {
    body = (
      <div className="pp-result pp-result--timeout" data-testid="result-timeout">
        <Icon kind="warn" />
        <h1 className="pp-result__title">{t('result.timeout')}</h1>
        <p className="pp-result__note">{t('result.timeoutText')}</p>
      </div>
    );
  } else {
    body = (
      <div className="pp-result pp-result--checking" data-testid="result-checking">
        <span className="pp-spinner pp-spinner--large" aria-hidden="true" />
        <h1 className="pp-result__title">{t('result.checking')}</h1>
      </div>
    );
  }
  return (
    <section aria-label={t('result.heading')}>
      <div aria-live="polite" aria-atomic="true">
        {body}
      </div>
      {state.phase === 'timeout' ? recheck : null}
    </section>
  );
}
