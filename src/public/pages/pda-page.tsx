import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useApi, isSessionEnded, ApiFailure, type CollectStarted, type PublicBill } from '../api';
import { BillView } from '../bill-view';
import { money, newIdempotencyKey } from '../format';
import { t } from '../i18n';
import { pollPayment, type PollOptions } from '../poll';
import { failureText, Icon, Loading } from '../ui';
import { hashPassword } from '../../utils/password-hash';

/**
 * The collector's handheld (/pdaScanQrcode, money-and-charging.md §10.2): a sign-in of its own
 * (POST /api/oauth/Login as the console's sign-in page sends it, the password as its MD5), the
 * session token alone kept in this tab's sessionStorage (never the password, which is forgotten
 * once sent); then a plate, its bill with every open debt, and 收款 by the customer scanning the
 * collector's dynamic QR or the collector scanning the customer's payment code. A collection
 * retried (no answer, 重试) sends the same Idempotency-Key: it takes the money once.
 */

export const PDA_TOKEN_KEY = 'pda-token';

/** `pollOptions`: a test's quicker waits for a QR payment. */
export function PdaPage({ storage = window.sessionStorage, pollOptions }: { storage?: Storage; pollOptions?: PollOptions }) {
  const [token, setToken] = useState<string | null>(() => storage.getItem(PDA_TOKEN_KEY));
  const [notice, setNotice] = useState('');
  const api = useApi();

  function signedIn(next: string) {
    storage.setItem(PDA_TOKEN_KEY, next);
    setNotice('');
    setToken(next);
  }
  function signedOut(ended: boolean) {
    if (!ended && token) void api.logout(token).catch(() => undefined);
    storage.removeItem(PDA_TOKEN_KEY);
    setToken(null);
    setNotice(ended ? t('pda.sessionEnded') : '');
  }

  if (!token) return <PdaSignIn notice={notice} onSignedIn={signedIn} />;
  return <PdaDesk token={token} pollOptions={pollOptions} onSignOut={() => signedOut(false)} onSessionEnded={() => signedOut(true)} />;
}

function PdaSignIn({ notice, onSignedIn }: { notice: string; onSignedIn: (token: string) => void }) {
  const api = useApi();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<{ timestamp: string; image: string } | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  async function loadCaptcha() {
    try {
      setCaptcha(await api.captcha());
      setCode('');
    } catch {
      setCaptcha(null);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const next: Record<string, string> = {};
    if (!account.trim()) next.account = t('pda.accountRequired');
    if (!password) next.password = t('pda.passwordRequired');
    if (captcha && !code.trim()) next.code = t('pda.captchaRequired');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    setFailure('');
    // the fields of the console's sign-in (src/api/sign-in.ts), the password as its MD5
    const form = new URLSearchParams({
      account: account.trim(),
      password: hashPassword(password),
      code: captcha ? code.trim() : '',
      timestamp: captcha?.timestamp ?? '',
      origin: 'password',
      grant_type: 'password',
      rememberMe: 'false',
    });
    try {
      const answer = await api.login(form);
      if (!answer?.token) throw new ApiFailure(t('error.title'), 500);
      setPassword('');
      onSignedIn(answer.token);
      return;
    } catch (error) {
      setFailure(failureText(error));
      const wanted = error instanceof ApiFailure && (error.data as { captchaRequired?: boolean } | null)?.captchaRequired;
      // a captcha is single-use: a fresh one whenever the server wants one
      if (wanted || captcha) await loadCaptcha();
    }
    setBusy(false);
  }

  const field = (name: string, label: string, input: ReactNode) => (
    <label className="pp-field">
      <span className="pp-field__label">{label}</span>
      {input}
      {errors[name] ? (
        <span id={`pp-${name}-error`} className="pp-error">
          {errors[name]}
        </span>
      ) : null}
    </label>
  );
  const invalid = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `pp-${name}-error` } : {});

  return (
    <section aria-labelledby="pp-pda-signin">
      <h1 id="pp-pda-signin" className="pp-title">
        {t('pda.signIn')}
      </h1>
      {notice ? (
        <p className="pp-banner pp-banner--warn" role="status">
          {notice}
        </p>
      ) : null}
      <form className="pp-card pp-form" onSubmit={(e) => void submit(e)} noValidate data-testid="pda-signin">
        {field(
          'account',
          t('pda.account'),
          <input
            name="account"
            autoComplete="username"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            {...invalid('account')}
          />,
        )}
        {field(
          'password',
          t('pda.password'),
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            {...invalid('password')}
          />,
        )}
        {captcha
          ? field(
              'code',
              t('pda.captcha'),
              <span className="pp-captcha">
                <input name="code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" {...invalid('code')} />
                <button type="button" className="pp-captcha__image" onClick={() => void loadCaptcha()} aria-label={t('pda.captchaRefresh')}>
                  <img src={captcha.image} alt="" />
                </button>
              </span>,
            )
          : null}
        {failure ? (
          <p className="pp-error" role="alert" data-testid="pda-signin-error">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="pp-button pp-button--primary pp-button--block" disabled={busy}>
          {busy ? t('pda.submitting') : t('pda.submit')}
        </button>
      </form>
    </section>
  );
}

function PdaDesk(props: { token: string; pollOptions?: PollOptions; onSignOut: () => void; onSessionEnded: () => void }) {
  const { token, pollOptions, onSignOut, onSessionEnded } = props;
  const api = useApi();
  const [plate, setPlate] = useState('');
  const [plateError, setPlateError] = useState('');
  const [asked, setAsked] = useState('');
  const [bill, setBill] = useState<PublicBill | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const [collected, setCollected] = useState<{ plateNo: string; amountCents: number } | null>(null);
  const plateInput = useRef<HTMLInputElement>(null);

  async function lookup(plateNo: string) {
    setLoading(true);
    setFailure(null);
    setAsked(plateNo);
    try {
      setBill(await api.pdaBill(plateNo, token));
    } catch (e) {
      if (isSessionEnded(e)) return onSessionEnded();
      setBill(null);
      setFailure(e);
    } finally {
      setLoading(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = plate.trim().toUpperCase();
    if (!value) {
      setPlateError(t('pda.plateRequired'));
      return;
    }
    setPlateError('');
    void lookup(value);
  }

  function next() {
    setCollected(null);
    setBill(null);
    setPlate('');
    setAsked('');
    setTimeout(() => plateInput.current?.focus());
  }

  const signOut = (
    <button type="button" className="pp-button pp-button--ghost pp-signout" onClick={onSignOut}>
      {t('pda.signOut')}
    </button>
  );

  if (collected)
    return (
      <section aria-label={t('title.pda')}>
        <div role="status" aria-live="polite" className="pp-result pp-result--paid" data-testid="pda-collected">
          <Icon kind="success" />
          <h1 className="pp-result__title">{t('pda.collected')}</h1>
          <p className="pp-result__amount">{money(collected.amountCents)}</p>
          <p className="pp-result__note">{collected.plateNo}</p>
        </div>
        <button type="button" className="pp-button pp-button--primary pp-button--block" onClick={next}>
          {t('pda.next')}
        </button>
        {signOut}
      </section>
    );

  return (
    <section aria-labelledby="pp-pda-title">
      <div className="pp-row">
        <h1 id="pp-pda-title" className="pp-title">
          {t('title.pda')}
        </h1>
        {signOut}
      </div>
      <form className="pp-card pp-form pp-form--inline" onSubmit={submit} noValidate role="search">
        <label className="pp-field">
          <span className="pp-field__label">{t('pda.plate')}</span>
          <input
            ref={plateInput}
            name="plateNo"
            value={plate}
            onChange={(e) => setPlate(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={plateError ? true : undefined}
            aria-describedby={plateError ? 'pp-plate-error' : undefined}
          />
          {plateError ? (
            <span id="pp-plate-error" className="pp-error">
              {plateError}
            </span>
          ) : null}
        </label>
        <button type="submit" className="pp-button pp-button--primary" disabled={loading}>
          {t('pda.lookup')}
        </button>
      </form>
      {loading ? <Loading /> : null}
      {failure ? (
        <p className="pp-error" role="alert" data-testid="pda-failure">
          {failureText(failure)}
        </p>
      ) : null}
      {bill && !loading ? (
        <BillView
          bill={bill}
          heading={bill.order?.plateNo ?? asked}
          onRefresh={() => void lookup(asked)}
          noCarText={{ title: t('pda.noStay'), text: '' }}
          actions={
            // debts alone are paid with the car's next stay, not at the kerb (docs/public-api.md)
            bill.order ? (
              <CollectPanel
                key={`${asked}:${bill.order?.token ?? ''}:${bill.dueCents}`}
                bill={bill}
                plateNo={asked}
                token={token}
                pollOptions={pollOptions}
                onSessionEnded={onSessionEnded}
                onCollected={(amountCents) => setCollected({ plateNo: bill.order?.plateNo ?? asked, amountCents })}
              />
            ) : (
              <p className="pp-note">{t('bill.kerbDebts')}</p>
            )
          }
        />
      ) : null}
    </section>
  );
}

type Mode = 'qr' | 'code';

function CollectPanel(props: {
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
