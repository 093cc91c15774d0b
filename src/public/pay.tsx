import { useEffect, useRef, useState } from 'react';
import { useApi, type PayStarted } from './api';
import { money, newIdempotencyKey } from './format';
import { href, navigate } from './hash-route';
import { t } from './i18n';
import { failureText } from './ui';

/**
 * The driver's 支付: POST /api/public/Pay with an Idempotency-Key made at the first click and kept
 * for its retries (a lost answer asked again creates no second payment), then the simulated wallet
 * sheet, whose confirm tells the simulator the driver paid, then /payResult, which asks the server
 * (the wallet's own "ok" proves nothing). The sheet's 取消 closes the payment on the server (a new
 * click then starts a new one, under a new key); its 支付失败 closes it as failed and shows the result.
 */

export type Channel = 1 | 2;

export function PayPanel({
  token,
  dueCents,
  start,
}: {
  token: string;
  dueCents: number;
  /** how the payment is asked for (a card renewal's); the bill's by default */
  start?: (channel: Channel, idempotencyKey: string) => Promise<PayStarted>;
}) {
  const api = useApi();
  const [channel, setChannel] = useState<Channel>(1);
  const [busy, setBusy] = useState<'' | 'starting' | 'confirming' | 'closing'>('');
  const [started, setStarted] = useState<PayStarted | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [sheetError, setSheetError] = useState<unknown>(null);
  // one key per payment asked for: the same on a retry, a new one for another channel
  const key = useRef<string | null>(null);

  function pick(next: Channel) {
    if (next === channel) return;
    setChannel(next);
    key.current = null;
    setStarted(null);
  }

  async function pay() {
    if (busy) return;
    setError(null);
    key.current ??= newIdempotencyKey();
    setBusy('starting');
    try {
      setStarted(await (start ? start(channel, key.current) : api.pay(token, channel, key.current)));
    } catch (e) {
      setError(e);
    } finally {
      setBusy('');
    }
  }

  async function confirm() {
    if (!started || busy) return;
    setSheetError(null);
    setBusy('confirming');
    try {
      await api.confirmSim(started.outTradeNo);
      navigate(href('/payResult', { outTradeNo: started.outTradeNo }));
    } catch (e) {
      setSheetError(e);
      setBusy('');
    }
  }

  /** 取消 (the payment closes; the bill stays) or 支付失败 (closed as failed; the result page says so) */
  async function close(how: 'cancel' | 'fail') {
    if (!started || busy) return;
    setSheetError(null);
    setBusy('closing');
    try {
      await (how === 'cancel' ? api.cancelSim(started.outTradeNo) : api.failSim(started.outTradeNo));
      key.current = null;
      setBusy('');
      if (how === 'fail') navigate(href('/payResult', { outTradeNo: started.outTradeNo }));
      else setStarted(null);
    } catch (e) {
      setSheetError(e);
      setBusy('');
    }
  }

  const channels: [Channel, string][] = [
    [1, t('pay.wechat')],
    [2, t('pay.alipay')],
  ];
  return (
    <div className="pp-pay">
      <fieldset className="pp-choice">
        <legend className="pp-choice__legend">{t('pay.channel')}</legend>
        {channels.map(([value, label]) => (
          <label key={value} className={`pp-choice__option${channel === value ? ' is-checked' : ''}`}>
            <input type="radio" name="pp-channel" value={value} checked={channel === value} onChange={() => pick(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p className="pp-error" role="alert" data-testid="pay-error">
          {failureText(error)}
        </p>
      ) : null}
      <button
        type="button"
        className="pp-button pp-button--primary pp-button--block"
        onClick={() => void pay()}
        disabled={busy !== ''}
        data-testid="pay-button"
      >
        {busy === 'starting' ? t('pay.starting') : error ? t('retry') : t('pay.button', { amount: money(dueCents) })}
      </button>
      {started && !error ? (
        <WalletSheet
          channel={channel}
          amountCents={started.amountCents}
          busy={busy === 'confirming' || busy === 'closing'}
          error={sheetError}
          onConfirm={() => void confirm()}
          onCancel={() => void close('cancel')}
          onFail={() => void close('fail')}
        />
      ) : null}
    </div>
  );
}

function WalletSheet(props: {
  channel: Channel;
  amountCents: number;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
  onFail: () => void;
}) {
  const { channel, amountCents, busy, error, onConfirm, onCancel, onFail } = props;
  const confirmRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    opener.current = document.activeElement;
    confirmRef.current?.focus();
    return () => {
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
  }, []);
  return (
    <div className="pp-sheet-backdrop" onClick={(e) => e.target === e.currentTarget && !busy && onCancel()}>
      <div
        className="pp-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="pp-sheet-title"
        aria-describedby="pp-sheet-note"
        data-testid="wallet-sheet"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !busy) onCancel();
        }}
      >
        <p className="pp-sheet__kicker">{t('pay.sheetTitle')}</p>
        <h2 id="pp-sheet-title" className="pp-sheet__title">
          {t(channel === 1 ? 'pay.sheet.1' : 'pay.sheet.2', { amount: money(amountCents) })}
        </h2>
        <p className="pp-sheet__amount">{money(amountCents)}</p>
        <p id="pp-sheet-note" className="pp-muted">
          {t('pay.sheetNote')}
        </p>
        {error ? (
          <p className="pp-error" role="alert">
            {failureText(error)}
          </p>
        ) : null}
        <button
          ref={confirmRef}
          type="button"
          className="pp-button pp-button--primary pp-button--block"
          onClick={onConfirm}
          disabled={busy}
          data-testid="wallet-confirm"
        >
          {busy ? t('pay.confirming') : t('pay.confirm')}
        </button>
        <button
          type="button"
          className="pp-button pp-button--ghost pp-button--block"
          onClick={onFail}
          disabled={busy}
          data-testid="wallet-fail"
        >
          {t('pay.fail')}
        </button>
        <button type="button" className="pp-button pp-button--ghost pp-button--block" onClick={onCancel} disabled={busy}>
          {t('pay.cancel')}
        </button>
      </div>
    </div>
  );
}
