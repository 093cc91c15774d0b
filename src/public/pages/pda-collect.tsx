import { useEffect, useRef, useState } from 'react';
import { useApi, isSessionEnded, ApiFailure, type CollectStarted, type PublicBill } from '../api';
import { money, newIdempotencyKey } from '../format';
import { t } from '../i18n';
import { pollPayment, type PollOptions } from '../poll';
import { failureText, Loading } from '../ui';

/** 收款 on the handheld: by the customer scanning a dynamic QR, or the collector scanning the customer's payment code. */
type Mode = 'qr' | 'code';

export function CollectPanel(props: {
  bill: PublicBill;
  plateNo: string;
  token: string;
  pollOptions?: PollOptions;
  onCollected: (amountCents: number) => void;
  onSessionEnded: () => void;
}) {
  const { bill, plateNo, token, pollOptions, onCollected, onSessionEnded } = props;
  const api = useApi();
  const [mode, setMode] = useState<Mode>('qr');
  const [authCode, setAuthCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [qr, setQr] = useState<CollectStarted | null>(null);
  // one key per collection asked for: the same on its retries, a new one once its body changes
  const key = useRef<string | null>(null);
  const stopPoll = useRef<(() => void) | null>(null);
  useEffect(() => () => stopPoll.current?.(), []);

  function choose(next: Mode) {
    setMode(next);
    key.current = null;
    setFailure(null);
  }

  /** Waits for the customer's payment of `started` (the server's record, as the driver's page does). */
  function wait(started: CollectStarted) {
    stopPoll.current?.();
    stopPoll.current = pollPayment(
      () => api.payStatus(started.outTradeNo),
      (s) => {
        if (s.phase === 'paid') onCollected(s.status.amountCents || started.amountCents);
        else if (s.phase === 'closed' || s.phase === 'timeout' || s.phase === 'failed') {
          setQr(null);
          // a closed payment is over: the next 收款 asks for a new one
          if (s.phase === 'closed') key.current = null;
          setFailure(s.phase === 'failed' ? s.error : new ApiFailure(t(s.phase === 'closed' ? 'result.closed' : 'result.timeout'), 408));
        }
      },
      pollOptions,
    );
  }

  async function collect() {
    if (busy) return;
    if (mode === 'code' && !/^\d{18}$/.test(authCode.trim())) {
      setCodeError(t('pda.authCodeInvalid'));
      return;
    }
    setCodeError('');
    setFailure(null);
    key.current ??= newIdempotencyKey();
    // the server finds the plate's car in the collector's lots again (docs/public-api.md)
    const target = { plateNo: bill.order?.plateNo ?? plateNo };
    const body = mode === 'code' ? { ...target, mode, authCode: authCode.trim() } : { ...target, mode };
    setBusy(true);
    try {
      const started = await api.collect(body, token, key.current);
      if (started.status === 'paid') {
        onCollected(started.amountCents);
        return;
      }
      if (mode === 'qr') setQr(started);
      wait(started);
    } catch (e) {
      if (isSessionEnded(e)) return onSessionEnded();
      setFailure(e);
    } finally {
      setBusy(false);
    }
  }

  const modes: [Mode, string][] = [
    ['qr', t('pda.modeQr')],
    ['code', t('pda.modeCode')],
  ];
  return (
    <div className="pp-pay" data-testid="collect-panel">
      <fieldset className="pp-choice" disabled={qr !== null}>
        <legend className="pp-choice__legend">{t('pda.mode')}</legend>
        {modes.map(([value, label]) => (
          <label key={value} className={`pp-choice__option${mode === value ? ' is-checked' : ''}`}>
            <input type="radio" name="pp-mode" value={value} checked={mode === value} onChange={() => choose(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      {mode === 'code' ? (
        <label className="pp-field">
          <span className="pp-field__label">{t('pda.authCode')}</span>
          <input
            name="authCode"
            inputMode="numeric"
            autoComplete="off"
            maxLength={18}
            value={authCode}
            onChange={(e) => {
              setAuthCode(e.target.value.replace(/\D/g, ''));
              key.current = null;
            }}
            aria-describedby="pp-authcode-hint"
            aria-invalid={codeError ? true : undefined}
          />
          <span id="pp-authcode-hint" className="pp-muted">
            {codeError ? <span className="pp-error">{codeError}</span> : t('pda.authCodeHint')}
          </span>
        </label>
      ) : null}
      {qr ? (
        <div className="pp-qr" data-testid="collect-qr">
          <p className="pp-strong">{t('pda.qrHint', { amount: money(qr.amountCents) })}</p>
          <QrImage text={qr.qrText ?? ''} label={t('pda.qrHint', { amount: money(qr.amountCents) })} />
          <p className="pp-muted" role="status">
            <span className="pp-spinner" aria-hidden="true" /> {t('pda.waiting')}
          </p>
        </div>
      ) : null}
      {failure ? (
        <p className="pp-error" role="alert" data-testid="collect-error">
          {failureText(failure)}
        </p>
      ) : null}
      {qr ? null : (
        <button
          type="button"
          className="pp-button pp-button--primary pp-button--block"
          onClick={() => void collect()}
          disabled={busy}
          data-testid="collect-button"
        >
          {busy ? t('pda.collecting') : failure ? t('retry') : t('pda.collect', { amount: money(bill.dueCents) })}
        </button>
      )}
    </div>
  );
}

/**
 * The dynamic QR as an image (the `qrcode` package, loaded only here: the driver's pages never
 * need it), with its text beneath for a reader who cannot scan it.
 */
function QrImage({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    if (!text) return;
    import(/* webpackChunkName: "public-qrcode" */ 'qrcode')
      .then((m) => m.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <figure className="pp-qr__figure">
      {src ? <img className="pp-qr__image" src={src} alt={label} data-testid="collect-qr-image" /> : <Loading />}
      <figcaption className="pp-qr__text" data-testid="collect-qr-text">
        {text}
      </figcaption>
    </figure>
  );
}
