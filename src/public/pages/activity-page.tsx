import { useEffect, useState } from 'react';
import type { RegionalStats } from '../../../domain/live-screens';
import { useApi } from '../api';
import { useLocale } from '../i18n';
import { activityText, type ActivityText } from './activity-texts';
import './activity.css';

/**
 * /activity: the region's parking and charging today (money-and-charging.md §10.4), public and
 * without personal data. Refreshed every 30 s (the server remembers its answer a few seconds, so
 * a crowd of phones or a wall costs it little); tiles flow from one column on a phone to a wall.
 */

const REFRESH_MS = 30_000;
const CHINA = 8 * 3_600_000;
const two = (n: number) => String(n).padStart(2, '0');
const clock = (ms: number) => {
  const d = new Date(ms + CHINA);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
};
const n = (v: number, digits = 0) => v.toLocaleString('en-US', { maximumFractionDigits: digits });

export function ActivityPage() {
  const api = useApi();
  const locale = useLocale();
  const [stats, setStats] = useState<RegionalStats | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const load = () =>
      api.call<RegionalStats>('/api/public/Activity').then(
        (s) => live && (setStats(s), setFailed(false)),
        () => live && setFailed(true),
      );
    const loop = () => void load().finally(() => live && (timer = setTimeout(loop, REFRESH_MS)));
    loop();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api]);

  const w = (key: ActivityText) => activityText(locale, key);
  const tiles: [ActivityText, string | null, string?][] = [
    ['lots', stats && n(stats.lots)],
    ['spaces', stats && n(stats.spaces)],
    ['carsInPark', stats && n(stats.carsInPark)],
    ['utilisation', stats && n(stats.utilisationPct, 1), '%'],
    ['turnover', stats && n(stats.turnover, 2), w('turnoverUnit')],
    ['averageStay', stats && n(stats.averageStayMinutes), w('minutes')],
    ['entries', stats && n(stats.entriesToday)],
    ['exits', stats && n(stats.exitsToday)],
    ['stations', stats && n(stats.stations)],
    ['connectors', stats && n(stats.connectors)],
    ['energy', stats && n(stats.energyWhToday / 1000, 1), 'kWh'],
  ];
  return (
    <section className="pp-activity" aria-labelledby="pp-activity-title">
      <h1 id="pp-activity-title" className="pp-activity__title">
        {w('heading')}
        {stats?.demo ? <span className="pp-activity__demo">{w('demo')}</span> : null}
      </h1>
      <p className="pp-activity__time" data-testid="activity-time">
        {w('dataTime')} {stats ? clock(stats.at) : '–'}
      </p>
      {failed ? (
        <p className="pp-activity__failed" role="status">
          {w('failed')}
        </p>
      ) : null}
      <dl className="pp-activity__tiles">
        {tiles.map(([key, value, unit]) => (
          <div key={key} className="pp-activity__tile">
            <dt>{w(key)}</dt>
            <dd data-testid={`activity-${key}`}>
              {value ?? '–'}
              {unit && value !== null ? <small> {unit}</small> : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="pp-activity__note">{w('note')}</p>
    </section>
  );
}
