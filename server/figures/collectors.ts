import type { Db } from '../db/database.ts';
import type { FigureWindow } from './window.ts';
import { lotFilter } from './window.ts';

/**
 * Collectors on shift (§11.1 "today's top collectors", §11.3 operations): the people who took a
 * payment in the window (a parking payment's operator), since their first one, with what they
 * took in net of change handed back. The kerb collectors' handhelds and cash at the barrier count.
 */

export interface CollectorShift {
  name: string;
  /** epoch ms of their first payment in the window */
  since: number;
  payments: number;
  /** Σ value − change, cents */
  collectedCents: number;
}

export async function collectorsOnShift(db: Db, w: FigureWindow): Promise<CollectorShift[]> {
  const params: unknown[] = [w.from, w.to];
  const scope = lotFilter('o.parking_id', w.lots, params);
  const { rows } = await db.query<{ name: string; since: Date; n: number; cents: string }>(
    `select pay.operator as name, min(pay.pay_time) as since, count(*)::int as n, sum(pay.value_cents - pay.change_cents) as cents
       from parking_order_payment pay join parking_order o on o.id = pay.order_id
      where pay.operator <> '' and pay.pay_time >= to_timestamp($1 / 1000.0) and pay.pay_time < to_timestamp($2 / 1000.0)${scope}
      group by pay.operator order by cents desc, pay.operator`,
    params,
  );
  return rows.map((r) => ({ name: r.name, since: new Date(r.since).getTime(), payments: r.n, collectedCents: Number(r.cents) }));
}
