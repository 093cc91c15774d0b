import { useEffect, useState, type FormEvent } from 'react';
import { useApi, ApiFailure, type GroupCardInfo } from '../api';
import { href, navigate } from '../hash-route';
import { getLocale, t, type TextKey } from '../i18n';
import { Facts, Failure, Loading } from '../ui';
import { useLoad } from '../use-load';

/**
 * A group card (money-and-charging.md §10.3): /scanGroupCardQrcode asks for its number (a card's QR
 * opens it with `?cardNo=`, straight on to the details), /groupCardInfo?cardNo=… shows it. Phones
 * come masked from the server and are shown as they come.
 */

export function GroupCardScanPage({ params }: { params: URLSearchParams }) {
  const given = params.get('cardNo')?.trim() ?? '';
  const [cardNo, setCardNo] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    if (given) navigate(href('/groupCardInfo', { cardNo: given }), { replace: true });
  }, [given]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = cardNo.trim();
    if (!value) {
      setError(t('gc.required'));
      return;
    }
    navigate(href('/groupCardInfo', { cardNo: value }));
  }

  if (given) return <Loading />;
  return (
    <section aria-labelledby="pp-gc-title">
      <h1 id="pp-gc-title" className="pp-title">
        {t('gc.heading')}
      </h1>
      <form className="pp-card pp-form" onSubmit={submit} noValidate>
        <label className="pp-field">
          <span className="pp-field__label">{t('gc.cardNo')}</span>
          <input
            name="cardNo"
            value={cardNo}
            onChange={(e) => setCardNo(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            aria-describedby="pp-gc-hint pp-gc-error"
            aria-invalid={error ? true : undefined}
          />
          <span id="pp-gc-hint" className="pp-muted">
            {t('gc.cardNoHint')}
          </span>
          <span id="pp-gc-error" className="pp-error" role="alert">
            {error}
          </span>
        </label>
        <button type="submit" className="pp-button pp-button--primary pp-button--block">
          {t('gc.query')}
        </button>
      </form>
    </section>
  );
}

const PLACE_KEYS: Record<string, TextKey> = {
  inLot: 'gc.place.inLot',
  holding: 'gc.place.holding',
  waiting: 'gc.place.waiting',
  away: 'gc.place.away',
};

/** The server's words in Chinese; in English, the page's own for the place. */
const placeText = (p: GroupCardInfo['plates'][number]) =>
  getLocale() === 'en-US' && PLACE_KEYS[p.place]
    ? t(PLACE_KEYS[p.place])
    : p.placeLabel || (PLACE_KEYS[p.place] ? t(PLACE_KEYS[p.place]) : p.place);

export function GroupCardInfoPage({ params }: { params: URLSearchParams }) {
  const api = useApi();
  const cardNo = params.get('cardNo')?.trim() ?? '';
  const {
    data: card,
    error,
    reload,
  } = useLoad(() => (cardNo ? api.groupCard(cardNo) : Promise.reject(new ApiFailure(t('gc.required'), 400))), [api, cardNo]);
  const another = (
    <a className="pp-button pp-button--secondary pp-button--block" href="#/scanGroupCardQrcode">
      {t('gc.other')}
    </a>
  );
  if (error)
    return (
      <>
        <Failure error={error} onRetry={error instanceof ApiFailure && error.code === 404 ? undefined : reload} />
        {another}
      </>
    );
  if (!card) return <Loading />;
  return (
    <section aria-labelledby="pp-gci-title" data-testid="group-card">
      <h1 id="pp-gci-title" className="pp-title">
        {t('title.groupCardInfo')}
      </h1>
      <div className="pp-card">
        <p className="pp-card__title">{card.companyName}</p>
        <Facts
          rows={[
            [t('gc.cardNo'), card.cardNo],
            [t('gc.status'), card.statusLabel],
            [t('gc.validity'), `${card.startDate} ~ ${card.endDate}`],
            [t('gc.lot'), card.lotName],
            [t('gc.slots'), t('gc.slotsValue', { total: card.slots, occupied: card.occupied }), 'gc-slots'],
            [t('gc.contact'), card.contactName],
            [t('gc.phone'), card.contactPhone, 'gc-phone'],
          ]}
        />
      </div>
      <section className="pp-card" aria-labelledby="pp-gc-plates">
        <h2 id="pp-gc-plates" className="pp-card__title">
          {t('gc.plates')}
        </h2>
        {card.plates.length ? (
          <ul className="pp-list">
            {card.plates.map((p) => (
              <li key={p.plateNo} className="pp-list__item">
                <span className="pp-plate pp-plate--other">{p.plateNo}</span>
                <span className={`pp-tag pp-tag--${p.place}`}>{placeText(p)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="pp-muted">{t('gc.noPlates')}</p>
        )}
      </section>
      {another}
    </section>
  );
}
