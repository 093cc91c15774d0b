import { useState } from 'react';
import { useApi } from './api';
import { money } from './format';
import { t } from './i18n';
import { PayPanel } from './pay';
import { Facts, failureText, Loading } from './ui';
import { useLoad } from './use-load';

/**
 * 续费 on the bill of a stay a monthly card covers: how many periods, the desk's quote (the new
 * validity and its price), then the same pay sheet as a stay's. A new number of periods is a new
 * payment (a new key); the result page says the card's new end date once the notify renewed it.
 */
export function RenewPanel({ token }: { token: string }) {
  const api = useApi();
  const [periods, setPeriods] = useState(1);
  const quote = useLoad(() => api.renewQuote(token, periods), [api, token, periods]);
  const q = quote.data;
  const choices = Array.from({ length: Math.min(q?.maxPeriods ?? 12, 12) }, (_, i) => i + 1);
  return (
    <section className="pp-card" aria-labelledby="pp-renew-title" data-testid="renew-panel">
      <h2 id="pp-renew-title" className="pp-due__label">
        {t('renew.title')}
      </h2>
      <label className="pp-field">
        <span className="pp-field__label">{t('renew.periods')}</span>
        <select value={periods} onChange={(e) => setPeriods(Number(e.target.value))} data-testid="renew-periods">
          {choices.map((n) => (
            <option key={n} value={n}>
              {t('renew.periodsN', { n })}
            </option>
          ))}
        </select>
      </label>
      {quote.error ? (
        <p className="pp-error" role="alert">
          {failureText(quote.error)}
        </p>
      ) : !q || q.periods !== periods ? (
        <Loading />
      ) : (
        <>
          <Facts
            testId="renew-quote"
            rows={[
              [t('bill.card.no'), q.cardNo],
              [t('renew.newPeriod'), `${q.startDate} ~ ${q.endDate}`],
              [t('renew.amount'), money(q.amountCents)],
            ]}
          />
          {q.note ? <p className="pp-note">{q.note}</p> : null}
          <PayPanel
            key={periods}
            token={token}
            dueCents={q.amountCents}
            start={(channel, key) => api.renew(token, periods, channel, key)}
          />
        </>
      )}
    </section>
  );
}
