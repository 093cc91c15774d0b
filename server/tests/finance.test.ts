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
       union all select (select parking_id from parking_order where id = q.order_id), q.channel, q.amount_cents from public_payment q, d
        where q.status = 'paid' and q.outcome like 'unapplied%' and q.paid_at >= d.a and q.paid_at < d.b
     ) m group by lot, channel`,
    [day],
  );
  return new Map(rows.filter((r) => Number(r.cents) !== 0).map((r) => [`${r.lot}|${r.channel}`, Number(r.cents)]));
}

async function keptVersusRecount(db: Db): Promise<{ kept: string[]; recount: string[] }> {
  const kept = await db.query<{ k: string }>(
    `select day || '|' || parking_id || '|' || channel || '|' || source || '|' || kind || '|' || cents || '|' || moves as k
       from finance_day where moves <> 0 or cents <> 0 order by 1`,
  );
  const recount = await db.query<{ k: string }>(
    `select day || '|' || parking_id || '|' || channel || '|' || source || '|' || kind || '|' || cents || '|' || moves as k from (
       select (at at time zone 'Asia/Shanghai')::date as day, coalesce(parking_id, '') as parking_id, channel, source, kind,
              sum(cents) as cents, count(*) as moves
         from finance_move_all group by 1, 2, 3, 4, 5) r order by 1`,
  );
  return { kept: kept.rows.map((r) => r.k), recount: recount.rows.map((r) => r.k) };
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
          `delete from parking_order_payment where id = (select id from parking_order_payment order by id desc offset $1 limit 1)`,
          [Math.floor(rnd() * 30)],
        );
    }
    const { kept, recount } = await keptVersusRecount(s.db);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(recount);
  });
});
