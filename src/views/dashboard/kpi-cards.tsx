import { Link } from 'react-router-dom';
import type { DashboardAnswer } from '../../../domain/dashboard';
import { dt } from '../../i18n/dashboard-texts';
import { kwh, pct, versus, yuan } from './figures-format';

interface Kpi {
  key: string;
  title: string;
  value: string;
  note: string;
  /** the screen that lists what the figure counts, with its filter */
  link?: string;
}

/** The figures the user's menus allow, each a card; a card with a screen behind it links there with the filter applied. */
export function kpisOf(d: DashboardAnswer): Kpi[] {
  const out: Kpi[] = [];
  const t = d.traffic;
  if (t) {
    out.push(
      {
        key: 'inPark',
        title: dt('inPark'),
        value: String(t.inPark),
        note: dt('occupancy', { pct: pct(t.occupancy) }),
        link: '/OrderManagement/parkingRecordOrder?inPark=1',
      },
      { key: 'free', title: dt('freeSpaces'), value: String(t.free), note: dt('ofSpaces', { n: t.spaces }) },
      { key: 'entries', title: dt('entries'), value: String(t.entries.today), note: versus(t.entries.today, t.entries.yesterday) },
      { key: 'exits', title: dt('exits'), value: String(t.exits.today), note: versus(t.exits.today, t.exits.yesterday) },
      {
        key: 'stay',
        title: dt('averageStay'),
        value: dt('minutes', { n: t.averageStayMinutes.today }),
        note: versus(t.averageStayMinutes.today, t.averageStayMinutes.yesterday),
      },
      {
        key: 'turnover',
        title: dt('turnover'),
        value: t.turnover.today.toFixed(2),
        note: dt('utilisation', { pct: pct(t.timeUtilisation) }),
      },
      {
        key: 'receivable',
        title: dt('receivable'),
        value: yuan(t.receivableCents.today),
        note: dt('discount', { amount: yuan(t.discountCents.today) }),
      },
    );
  }
  if (d.income)
    out.push({
      key: 'received',
      title: dt('received'),
      value: yuan(d.income.today.netCents),
      note: `${dt('refunds', { amount: yuan(d.income.today.refundCents) })} · ${versus(d.income.today.netCents, d.income.yesterday.netCents, true)}`,
      link: '/finance/financeDaily',
    });
  if (d.charging)
    out.push(
      {
        key: 'charging',
        title: dt('chargingNow'),
        value: String(d.charging.sessionsNow),
        note: dt('chargingReceived', { amount: yuan(d.charging.receivedCents) }),
        link: '/charging/chargingOrder?state=2',
      },
      {
        key: 'energy',
        title: dt('energy'),
        value: kwh(d.charging.energyWh.today),
        note: versus(d.charging.energyWh.today, d.charging.energyWh.yesterday),
      },
    );
  return out;
}

export function KpiCards({ data }: { data: DashboardAnswer }) {
  return (
    <ul className="pc-dash-kpis">
      {kpisOf(data).map((k) => (
        <li key={k.key} className="pc-dash-kpi" data-kpi={k.key}>
          {k.link ? (
            <Link to={k.link} className="pc-dash-kpi-title">
              {k.title}
            </Link>
          ) : (
            <span className="pc-dash-kpi-title">{k.title}</span>
          )}
          <strong className="pc-dash-kpi-value">{k.value}</strong>
          <span className="pc-dash-kpi-note">{k.note}</span>
        </li>
      ))}
    </ul>
  );
}
