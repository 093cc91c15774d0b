import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { CASH_CHANNEL, type MoneyRow, moneyRows, received } from '../figures/money.ts';
import { lotFilter } from '../figures/window.ts';
import type { ReportRange } from './range.ts';

/**
 * 日报表: one row per lot and China day. Each column keeps its own date basis, said on screen:
 * orders, receivable and discount by exit time; cash, electronic, card income and recovered
 * arrears by payment time; refunds by the day the channel paid them back; new arrears by the day
 * the debt was recorded. net = cash + electronic − refunds, the money the lot's tills actually kept.
 */

export interface DailyRow {
  day: string;
  parkingId: string;
  parkingName: string;
  /** the day is today: not over, figures still move */
  dayOpen: boolean;
  orders: number;
  receivableCents: number;
  discountCents: number;
  cashCents: number;
  electronicCents: number;
  refundCents: number;
  newArrearsCents: number;
  recoveredCents: number;
  cardCents: number;
  netCents: number;
}

type Exits = { day: string; parking_id: string; n: number; receivable: string; discount: string };

/** Exits, receivable and discounts per lot and China day, from the kept hours (a China day is 24 whole hours). */
async function exitsByDay(db: Db, lots: LotScope, r: ReportRange): Promise<Exits[]> {
  const params: unknown[] = [r.first, r.last];
  const scope = lotFilter('parking_id', lots, params);
  const { rows } = await db.query<Exits>(
    `select to_char((hour at time zone 'Asia/Shanghai')::date, 'YYYY-MM-DD') as day, parking_id, sum(exits)::int as n,
            sum(receivable_cents) as receivable, sum(discount_cents) as discount
       from parking_hour
      where hour >= ($1::date)::timestamp at time zone 'Asia/Shanghai' and hour < ($2::date + 1)::timestamp at time zone 'Asia/Shanghai'${scope}
      group by 1, 2 having sum(exits) <> 0`,
    params,
  );
  return rows;
}

async function newDebtsByDay(db: Db, lots: LotScope, r: ReportRange): Promise<{ day: string; parking_id: string; cents: string }[]> {
  const params: unknown[] = [r.first, r.last];
  const scope = lotFilter('parking_id', lots, params);
  const { rows } = await db.query<{ day: string; parking_id: string; cents: string }>(
    `select to_char((create_time at time zone 'Asia/Shanghai')::date, 'YYYY-MM-DD') as day, parking_id, sum(principal_cents) as cents
       from arrears_record
      where create_time >= ($1::date)::timestamp at time zone 'Asia/Shanghai' and create_time < ($2::date + 1)::timestamp at time zone 'Asia/Shanghai'${scope}
      group by 1, 2`,
    params,
  );
  return rows;
}

/** The daily report's rows (lot × day with anything in it), by day then lot name. */
export async function dailyReport(db: Db, lots: LotScope, r: ReportRange): Promise<DailyRow[]> {
  const [money, exits, debts, names] = await Promise.all([
    moneyRows(db, lots, r.first, r.last),
    exitsByDay(db, lots, r),
    newDebtsByDay(db, lots, r),
    db.query<{ id: string; name: string }>('select id, parking_name as name from parking'),
  ]);
  const nameOf = new Map(names.rows.map((n) => [n.id, n.name]));
  const rows = new Map<string, DailyRow>();
  const row = (day: string, parkingId: string): DailyRow => {
    const key = `${day}|${parkingId}`;
    let found = rows.get(key);
    if (!found) {
      found = {
        day,
        parkingId,
        parkingName: nameOf.get(parkingId) ?? parkingId,
        dayOpen: day >= r.today,
        orders: 0,
        receivableCents: 0,
        discountCents: 0,
        cashCents: 0,
        electronicCents: 0,
        refundCents: 0,
        newArrearsCents: 0,
        recoveredCents: 0,
        cardCents: 0,
        netCents: 0,
      };
      rows.set(key, found);
    }
    return found;
  };
  for (const e of exits)
    Object.assign(row(e.day, e.parking_id), { orders: e.n, receivableCents: Number(e.receivable), discountCents: Number(e.discount) });
  for (const d of debts) row(d.day, d.parking_id).newArrearsCents = Number(d.cents);
  const byKey = new Map<string, MoneyRow[]>();
  for (const m of money) byKey.set(`${m.day}|${m.parkingId}`, [...(byKey.get(`${m.day}|${m.parkingId}`) ?? []), m]);
  for (const [key, ms] of byKey) {
    const [day, lot] = key.split('|');
    const target = row(day, lot);
    target.cashCents = received(ms, (m) => m.channel === CASH_CHANNEL).inCents;
    target.electronicCents = received(ms, (m) => m.channel !== CASH_CHANNEL).inCents;
    target.refundCents = received(ms).refundCents;
    target.recoveredCents = received(ms, (m) => m.source === 'arrears').inCents;
    target.cardCents = received(ms, (m) => m.source === 'card').netCents;
    target.netCents = received(ms).netCents;
  }
  // money of no lot last in its day
  const noLot = (r: DailyRow) => (r.parkingId ? 0 : 1);
  return [...rows.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || noLot(a) - noLot(b) || a.parkingName.localeCompare(b.parkingName, 'zh'),
  );
}

/** The totals row: every money and count column summed. */
export function dailyTotals(rows: DailyRow[]): Omit<DailyRow, 'day' | 'parkingId' | 'parkingName' | 'dayOpen'> {
  const sum = (k: keyof DailyRow) => rows.reduce((s, r) => s + (r[k] as number), 0);
  return {
    orders: sum('orders'),
    receivableCents: sum('receivableCents'),
    discountCents: sum('discountCents'),
    cashCents: sum('cashCents'),
    electronicCents: sum('electronicCents'),
    refundCents: sum('refundCents'),
    newArrearsCents: sum('newArrearsCents'),
    recoveredCents: sum('recoveredCents'),
    cardCents: sum('cardCents'),
    netCents: sum('netCents'),
  };
}
