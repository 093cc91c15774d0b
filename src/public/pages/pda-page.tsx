import { useRef, useState, type FormEvent } from 'react';
import { useApi, isSessionEnded, type PublicBill } from '../api';
import { BillView } from '../bill-view';
import { money } from '../format';
import { t } from '../i18n';
import { type PollOptions } from '../poll';
import { failureText, Icon, Loading } from '../ui';
import { PdaSignIn } from './pda-sign-in';
import { CollectPanel } from './pda-collect';

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
            // the stay with the plate's debts, or (no car in the collector's lots) the debts alone
            bill.dueCents > 0 ? (
              <CollectPanel
                key={`${asked}:${bill.order?.token ?? ''}:${bill.dueCents}`}
                bill={bill}
                plateNo={asked}
                token={token}
                pollOptions={pollOptions}
                onSessionEnded={onSessionEnded}
                onCollected={(amountCents) => setCollected({ plateNo: bill.order?.plateNo ?? asked, amountCents })}
              />
            ) : null
          }
        />
      ) : null}
    </section>
  );
}
