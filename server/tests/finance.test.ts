import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { chinaDate, DAY_MS } from '../../domain/china-time.ts';
import { call, type TestServer, withTestServer } from './helpers.ts';

/**
 * The finance reports reconcile to the cent with the money behind them, and the kept daily totals
 * never drift from a recount, whatever mix of writes, refunds and deletes reached the tables.
 */

let s: TestServer;
withTestServer((server) => (s = server));

const YESTERDAY = chinaDate(Date.now() - DAY_MS);

/**
 * An auditor's recount straight from the money tables (not through the finance definitions):
 * per lot and channel, what came in and what went back on the China day `day`.
 */
async function auditorRecount(db: Db, day: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ lot: string; channel: number; cents: string }>(
    `with d as (select ($1::date)::timestamp at time zone 'Asia/Shanghai' as a, ($1::date + 1)::timestamp at time zone 'Asia/Shanghai' as b)
     select lot, channel, sum(cents) as cents from (
       select p.parking_id as lot, p.channel, p.value_cents as cents from parking_order_payment p, d where p.pay_time >= d.a and p.pay_time < d.b
       union all select r.parking_id, r.channel, -r.amount_cents from parking_order_refund r, d
        where r.status = 3 and r.refund_time >= d.a and r.refund_time < d.b
       union all select c.parking_id, c.channel, c.amount_cents from card_payment c, d where c.pay_time >= d.a and c.pay_time < d.b
       union all select coalesce(l.parking_id, ''), l.channel, l.amount_cents from merchant_ledger l, d
        where l.kind = 2 and l.create_time >= d.a and l.create_time < d.b
       union all select coalesce(o.parking_id, ''), o.pay_channel, o.paid_cents from charging_order o, d
        where o.paid_cents > 0 and o.pay_time >= d.a and o.pay_time < d.b
       union all select coalesce(x.parking_id, ''), x.channel, -x.amount_cents from charging_refund x, d where x.refund_time >= d.a and x.refund_time < d.b
       union all select (select parking_id from parking_order where id = q.order_id), q.channel, q.unapplied_cents from public_payment q, d
        where q.status = 'paid' and q.unapplied_cents > 0 and q.paid_at >= d.a and q.paid_at < d.b
       union all select (select parking_id from parking_order where id = q.order_id), q.channel, -q.unapplied_cents from public_payment q, d
        where q.refund_state = 1 and q.unapplied_cents > 0 and q.refunded_at >= d.a and q.refunded_at < d.b
     ) m group by lot, channel`,
    [day],
  );
  return new Map(rows.filter((r) => Number(r.cents) !== 0).map((r) => [`${r.lot}|${r.channel}`, Number(r.cents)]));
}

/**
 * The kept rows that differ from a recount, in one statement (one snapshot: a job writing meanwhile
 * cannot make the two readings disagree); empty when they agree. `kept` counts the kept rows.
 */
async function keptVersusRecount(db: Db): Promise<{ kept: number; differing: unknown[] }> {
  const kept = await db.query<{ n: number }>('select count(*)::int as n from finance_day where moves <> 0 or cents <> 0');
  const { rows } = await db.query(
    `with k as (select day, parking_id, channel, source, kind, cents, moves from finance_day where moves <> 0 or cents <> 0),
          r as (select (at at time zone 'Asia/Shanghai')::date as day, coalesce(parking_id, '') as parking_id, channel, source, kind,
                       sum(cents) as cents, count(*) as moves
                  from finance_move_all group by 1, 2, 3, 4, 5)
     (select 'kept' as side, * from k except select 'kept', * from r) union all (select 'recount', * from r except select 'recount', * from k)`,
  );
  return { kept: kept.rows[0].n, differing: rows };
}

async function hoursVersusRecount(db: Db): Promise<{ kept: number; differing: unknown[] }> {
  const kept = await db.query<{ n: number }>('select count(*)::int as n from parking_hour where entries <> 0 or exits <> 0');
  const { rows } = await db.query(
    `with k as (select hour, parking_id, entries, exits, stay_minutes, receivable_cents, discount_cents, owed_cents, zero_fee,
                       entry_epochs, exit_epochs
                  from parking_hour where entries <> 0 or exits <> 0 or receivable_cents <> 0),
          r as (select m.hour, m.parking_id, sum(m.entries) as entries, sum(m.exits) as exits, sum(m.stay_minutes) as stay_minutes,
                       sum(m.receivable_cents) as receivable_cents, sum(m.discount_cents) as discount_cents, sum(m.owed_cents) as owed_cents,
                       sum(m.zero_fee) as zero_fee, sum(m.entry_epochs) as entry_epochs, sum(m.exit_epochs) as exit_epochs
                  from parking_order o cross join lateral parking_hour_moves(o) m group by 1, 2)
     (select 'kept' as side, * from k except select 'kept', * from r) union all (select 'recount', * from r except select 'recount', * from k)`,
  );
  return { kept: kept.rows[0].n, differing: rows };
}

describe('finance reconciliation', () => {
  it('a day’s report equals the payments minus the refunds behind it, per lot and per channel, to the cent', async () => {
    const q = `from=${YESTERDAY}&to=${YESTERDAY}`;
    const daily = await call(s.app, 'GET', `/api/finance/Daily?${q}`, { token: s.admin });
    expect(daily.body.code, daily.body.msg).toBe(200);
    const channel = await call(s.app, 'GET', `/api/finance/Channel?${q}`, { token: s.admin });
    const moves = await call(s.app, 'GET', `/api/finance/Movements?${q}`, { token: s.admin });
    expect(moves.body.data.more).toBe(false);

    const audit = await auditorRecount(s.db, YESTERDAY);
    const perLot = new Map<string, number>();
    const perChannel = new Map<number, number>();
    for (const [key, cents] of audit) {
      const [lot, ch] = key.split('|');
      perLot.set(lot, (perLot.get(lot) ?? 0) + cents);
      perChannel.set(Number(ch), (perChannel.get(Number(ch)) ?? 0) + cents);
    }
    expect([...perLot.values()].some((c) => c > 0)).toBe(true); // the seeded day moved money
    const reportLots = new Map<string, number>(
      daily.body.data.list.map((r: { parkingId: string; netCents: number }) => [r.parkingId, r.netCents]),
    );
    for (const [lot, cents] of perLot) expect(reportLots.get(lot) ?? 0, `lot ${lot}`).toBe(cents);
    for (const [lot, cents] of reportLots) expect(perLot.get(lot) ?? 0, `lot ${lot}`).toBe(cents);
    for (const row of channel.body.data.list as { channel: number; netCents: number }[])
      expect(row.netCents, `channel ${row.channel}`).toBe(perChannel.get(row.channel) ?? 0);
    // each row's drill-down adds up to the row, a lot's and the money of no lot alike
    for (const row of daily.body.data.list as { parkingId: string; netCents: number }[]) {
      const lotQuery = row.parkingId ? `parkingId=${row.parkingId}` : 'noLot=1';
      const drill = await call(s.app, 'GET', `/api/finance/Movements?${q}&${lotQuery}`, { token: s.admin });
      expect(drill.body.data.totals.netCents, `drill-down of ${row.parkingId || 'no lot'}`).toBe(row.netCents);
    }
    const total = [...audit.values()].reduce((a, b) => a + b, 0);
    expect(daily.body.data.totals.netCents).toBe(total);
    expect(moves.body.data.totals.netCents).toBe(total);
  });

  it('a range longer than a month is refused with a clear message', async () => {
    const res = await call(s.app, 'GET', '/api/finance/Daily?from=2026-01-01&to=2026-03-01', { token: s.admin });
    expect(res.body).toMatchObject({ code: 400, msg: '查询范围最多31天（一个月），请缩小日期范围' });
  });

  it('a user without the finance menus gets 403', async () => {
    const res = await call(s.app, 'GET', '/api/finance/Daily', { token: s.operator });
    expect(res.status).toBe(403);
  });

  it('the kept totals equal a recount after a random mix of payments, refunds, top-ups, charging and deletes', async () => {
    let seed = 20261127;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const { rows: orders } = await s.db.query<{ id: string; parking_id: string }>(
      `select id, parking_id from parking_order where paid_cents > 0 order by id limit 200`,
    );
    for (let i = 0; i < 60; i++) {
      const o = orders[Math.floor(rnd() * orders.length)];
      const pick = rnd();
      const when = new Date(Date.now() - Math.floor(rnd() * 3) * DAY_MS).toISOString();
      if (pick < 0.25)
        await s.db.query(
          `insert into parking_order_payment (id, order_id, parking_id, channel, serial_no, pay_time, value_cents, purpose)
           values ($1, $2, $3, $4, $1, $5, $6, $7)`,
          [`drift-p${i}`, o.id, o.parking_id, 1 + Math.floor(rnd() * 5), when, 1 + Math.floor(rnd() * 5000), rnd() < 0.2 ? 2 : 1],
        );
      else if (pick < 0.4)
        await s.db.query(
          `update parking_order_refund set status = 3, refund_time = $2
            where id = (select id from parking_order_refund where status <> 3 and order_id is not null order by id offset $1 limit 1)`,
          [Math.floor(rnd() * 5), when],
        );
      else if (pick < 0.5)
        await s.db.query(
          `update parking_order_refund set status = 4 where id = (select id from parking_order_refund where status = 3 order by id limit 1)`,
        );
      else if (pick < 0.6)
        await s.db.query(
          `insert into merchant_ledger (id, merchant_id, kind, amount_cents, balance_after, parking_id, create_time)
           select $1, id, 2, $2, balance, parking_ids[1], $3 from merchant order by id limit 1`,
          [`drift-l${i}`, 100 + Math.floor(rnd() * 10000), when],
        );
      else if (pick < 0.7)
        await s.db.query(
          `update charging_order set paid_cents = total_cents, pay_time = $1, pay_channel = 2 where id = (select id from charging_order order by id offset $2 limit 1)`,
          [when, Math.floor(rnd() * 20)],
        );
      else if (pick < 0.8)
        await s.db.query(
          `update parking_order_payment set pay_time = $1 where id = (select id from parking_order_payment order by id offset $2 limit 1)`,
          [when, Math.floor(rnd() * 50)],
        );
      else if (pick < 0.9)
        // an order deleted takes its payments with it (the refunds first: they hold its payments)
        await s.db.transaction(async (tx) => {
          await tx.query('delete from public_payment where order_id = $1', [o.id]);
          await tx.query('delete from parking_order_refund where order_id = $1', [o.id]);
          await tx.query('delete from arrears_record where order_id = $1', [o.id]);
          await tx.query('delete from parking_order where id = $1', [o.id]);
        });
      else
        await s.db.query(
          // a payment no refund names (a refunded payment is never deleted: the refund holds it)
          `delete from parking_order_payment where id = (
             select p.id from parking_order_payment p
              where not exists (select 1 from parking_order_refund r where r.payment_id = p.id)
              order by p.id desc offset $1 limit 1)`,
          [Math.floor(rnd() * 30)],
        );
    }
    const money = await keptVersusRecount(s.db);
    expect(money.kept).toBeGreaterThan(0);
    expect(money.differing).toEqual([]);
    // the stays' kept hours too, after the orders' own writes: exits, a changed amount, deletes
    await s.db.query(
      `update parking_order set exit_time = now(), state = 2 where id in (select id from parking_order where exit_time is null order by id limit 5)`,
    );
    await s.db.query(
      `update parking_order set receivable_cents = receivable_cents + 7, owed_cents = owed_cents + 7 where id in (select id from parking_order where state = 7 order by id limit 3)`,
    );
    const hours = await hoursVersusRecount(s.db);
    expect(hours.kept).toBeGreaterThan(0);
    expect(hours.differing).toEqual([]);
  });
});
