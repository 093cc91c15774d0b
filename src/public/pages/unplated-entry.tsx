import { useRef, useState } from 'react';
import { ApiFailure, useApi, type EntryPass } from '../api';
import { newIdempotencyKey } from '../format';
import { t } from '../i18n';
import { keepPassport } from '../passport';
import { ActionButton, Icon } from '../ui';

/**
 * The entry lane's code on an unplated car's phone: 领取凭证并入场 opens its stay (the barrier
 * opens, simulated) and keeps the entry pass on this phone for the exit. A retry after a lost answer
 * sends the same key, so it answers the same pass rather than a refusal; after a refusal (the car
 * not at the barrier yet) a new press is a new request.
 */
export function UnplatedEntry({ parkingId, laneId, place }: { parkingId: string; laneId: string; place: string }) {
  const api = useApi();
  const key = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [pass, setPass] = useState<EntryPass | null>(null);

  async function enter() {
    key.current ??= newIdempotencyKey();
    setBusy(true);
    setError(null);
    try {
      const entered = await api.enter(parkingId, laneId, key.current);
      keepPassport(parkingId, entered.token);
      setPass(entered);
    } catch (e) {
      // a refusal is an answer (no car waiting yet): the next press asks afresh; no answer at all keeps the key
      if (e instanceof ApiFailure && e.code !== 0) key.current = null;
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  if (pass)
    return (
      <section className="pp-state pp-state--success" aria-labelledby="pp-entry-title" data-testid="entry-done" aria-live="polite">
        <Icon kind="success" />
        <h1 id="pp-entry-title" className="pp-state__title">
          {t('entry.done')}
        </h1>
        <p className="pp-state__text">{t('entry.doneText')}</p>
        <a className="pp-button pp-button--secondary" href={`#/orderInfoByQRcode?token=${pass.token}`}>
          {t('entry.view')}
        </a>
      </section>
    );
  return (
    <section className="pp-state pp-state--info" aria-labelledby="pp-entry-title" data-testid="bill-entry">
      <Icon kind="info" />
      <h1 id="pp-entry-title" className="pp-state__title">
        {t('entry.heading')}
      </h1>
      <p className="pp-state__text">{t('entry.text')}</p>
      {place ? <p className="pp-muted">{place}</p> : null}
      <ActionButton label={t('entry.button')} busy={busy} error={error} onClick={() => void enter()} testId="entry-button" />
    </section>
  );
}
