import { useEffect, useState, type ReactNode } from 'react';
import type { PublicBill } from './api';
import { clock, dateTime, duration, money } from './format';
import { t } from './i18n';
import { RenewPanel } from './renew-panel';
import { Facts, Icon, Plate, type Tone } from './ui';

/**
 * A bill (docs/public-api.md `PublicBill`) as the driver's phone and the collector's handheld show
 * it: each kind its own screen. `noCar` is no error but an invitation to drive up (`unplated`: an
 * unplated car's driver is asked for the phone that scanned in; `entry` is the entry page's own); `free`, `card`
 * and `paid` say there is nothing to pay; a `bill` lists the stay and the plate's open debts, paid
 * together. `actions`: how the due amount is paid here (the driver's 支付, the collector's 收款).
 */

export interface BillViewProps {
  bill: PublicBill;
  /** the page's heading (停车缴费, 订单详情, the plate on the handheld) */
  heading: string;
  onRefresh?: () => void;
  /** shown when something is due */
  actions?: ReactNode;
  /** words for `noCar` other than "drive up" (the handheld: the car is not in the collector's lots) */
  noCarText?: { title: string; text: string };
}

function Banner({ tone, title, children, testId }: { tone: Tone; title: string; children?: ReactNode; testId: string }) {
  return (
    <div className={`pp-banner pp-banner--${tone}`} data-testid={testId}>
      <Icon kind={tone} />
      <div>
        <p className="pp-banner__title">{title}</p>
        {children}
      </div>
    </div>
  );
}

/** Minutes left until `until`, refreshed every 20 s. */
function useMinutesLeft(until: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const id = setInterval(() => setNow(Date.now()), 20_000);
    return () => clearInterval(id);
  }, [until]);
  return until === null ? null : Math.ceil((until - now) / 60_000);
}

function PaidBanner({ leaveBefore }: { leaveBefore: number | null }) {
  const left = useMinutesLeft(leaveBefore);
  return (
    <Banner tone="success" title={t('bill.paid.title')} testId="bill-paid">
      {leaveBefore !== null ? (
        <>
          <p className="pp-banner__text pp-strong">{t('bill.paid.leaveBefore', { time: clock(leaveBefore) })}</p>
          <p className="pp-banner__text">{left !== null && left > 0 ? t('bill.paid.left', { n: left }) : t('bill.paid.overdue')}</p>
        </>
      ) : null}
    </Banner>
  );
}

function CardBanner({ card, token }: { card: NonNullable<PublicBill['card']>; token: string | null }) {
  const [renewShown, setRenewShown] = useState(false);
  return (
    <>
      <Banner tone="success" title={t(card.kind === 'group' ? 'bill.card.group' : 'bill.card.month')} testId="bill-card">
        <p className="pp-banner__text">{t('bill.card.text')}</p>
        <Facts
          rows={[
            [t('bill.card.no'), card.cardNo],
            [t('bill.card.valid'), card.endDate],
          ]}
        />
        {card.renewable && token ? (
          <button
            type="button"
            className="pp-button pp-button--secondary"
            aria-expanded={renewShown}
            aria-controls="pp-renew"
            onClick={() => setRenewShown((v) => !v)}
            data-testid="card-renew"
          >
            {t('bill.card.renew')}
          </button>
        ) : null}
      </Banner>
      {renewShown && token ? (
        <div id="pp-renew">
          <RenewPanel token={token} />
        </div>
      ) : null}
    </>
  );
}

function Arrears({ bill }: { bill: PublicBill }) {
  if (!bill.arrears.length) return null;
  return (
    <section className="pp-card" aria-labelledby="pp-arrears-title" data-testid="bill-arrears">
      <h2 id="pp-arrears-title" className="pp-card__title">
        {t('bill.arrears')}
      </h2>
      <p className="pp-muted">{t('bill.arrearsSummary', { n: bill.arrears.length, amount: money(bill.arrearsCents) })}</p>
      <ul className="pp-list">
        {bill.arrears.map((a) => (
          <li key={a.orderNo} className="pp-list__item">
            <div>
              <p className="pp-list__main">{a.lotName}</p>
              <p className="pp-muted">
                {t('bill.arrearsExit', { time: dateTime(a.exitTime) })} · {t('bill.arrearsOrder', { no: a.orderNo })}
              </p>
            </div>
            <span className="pp-amount">{money(a.owedCents)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BillView({ bill, heading, onRefresh, actions, noCarText }: BillViewProps) {
  const o = bill.order;
  const place = [bill.lotName, bill.laneName].filter(Boolean).join(' · ');
  if ((bill.kind === 'noCar' && !bill.arrears.length) || bill.kind === 'unplated') {
    // an unplated car at the exit whose entry pass is not on this phone: no error, but what to do
    const words =
      bill.kind === 'unplated'
        ? { title: t('bill.unplated.title'), text: t('bill.unplated.text') }
        : { title: noCarText?.title ?? t('bill.noCar.title'), text: noCarText?.text ?? t('bill.noCar.text') };
    return (
      <section className="pp-state pp-state--info" aria-labelledby="pp-bill-title" data-testid={`bill-${bill.kind}`}>
        <Icon kind="info" />
        <h1 id="pp-bill-title" className="pp-state__title">
          {words.title}
        </h1>
        {words.text ? <p className="pp-state__text">{words.text}</p> : null}
        {place ? <p className="pp-muted">{place}</p> : null}
        {onRefresh ? (
          <button type="button" className="pp-button" onClick={onRefresh}>
            {t('refresh')}
          </button>
        ) : null}
      </section>
    );
  }
  const due = bill.dueCents > 0;
  return (
    <section aria-labelledby="pp-bill-title" data-testid={`bill-${bill.kind}`} className="pp-bill">
      <h1 id="pp-bill-title" className="pp-title">
        {heading}
      </h1>
      {place ? <p className="pp-muted pp-subtitle">{place}</p> : null}
      {bill.kind === 'noCar' ? <Banner tone="info" title={noCarText?.title ?? t('bill.noCar.title')} testId="bill-nocar-banner" /> : null}
      {bill.kind === 'free' ? (
        <Banner tone="success" title={t('bill.free.title')} testId="bill-free">
          <p className="pp-banner__text">{t('bill.free.text')}</p>
        </Banner>
      ) : null}
      {bill.kind === 'card' && bill.card ? <CardBanner card={bill.card} token={o?.token ?? null} /> : null}
      {bill.kind === 'paid' ? <PaidBanner leaveBefore={o?.leaveBefore ?? null} /> : null}
      {o ? (
        <section className="pp-card" aria-label={t('bill.orderHeading')}>
          <Plate plateNo={o.plateNo} label={o.plateColorLabel} />
          <Facts
            testId="bill-facts"
            rows={[
              [t('bill.lot'), bill.lotName],
              [t('bill.entryTime'), dateTime(o.entryTime)],
              [t('bill.duration'), duration(o.durationSec)],
              [t('bill.space'), o.spaceNo],
              [t('bill.freeMinutes'), t('bill.minutes', { n: o.freeMinutes })],
              [t('bill.total'), money(o.totalCents), 'bill-total'],
              [t('bill.discount'), o.discountCents ? `-${money(o.discountCents)}` : money(0), 'bill-discount'],
              [t('bill.paid'), money(o.paidCents), 'bill-paid-cents'],
              [t('bill.payable'), money(o.payableCents), 'bill-payable'],
            ]}
          />
        </section>
      ) : null}
      <Arrears bill={bill} />
      {due ? (
        <section className="pp-card pp-due" aria-labelledby="pp-due-title">
          <h2 id="pp-due-title" className="pp-due__label">
            {t('bill.due')}
          </h2>
          <p className="pp-due__amount" data-testid="bill-due">
            {money(bill.dueCents)}
          </p>
          {bill.arrears.length && o && o.payableCents > 0 ? <p className="pp-muted">{t('bill.dueNote')}</p> : null}
          {o && o.graceMinutes > 0 ? <p className="pp-note">{t('bill.leaveWithin', { n: o.graceMinutes })}</p> : null}
          {actions}
        </section>
      ) : null}
      {onRefresh && bill.kind !== 'bill' ? (
        <button type="button" className="pp-button pp-button--secondary" onClick={onRefresh}>
          {t('refresh')}
        </button>
      ) : null}
    </section>
  );
}
