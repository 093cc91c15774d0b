import { batteryWhOf } from '../charging/battery.ts';
import { computeBill } from '../charging/bill.ts';
import { orderNoAt } from '../charging/sessions.ts';
import { type StoredTemplate, templateOf } from '../charging/price-slots.ts';
import type { Db } from '../db/database.ts';

/**
 * `days` of past charging orders on the seeded connectors, with their meter samples (every five
 * minutes) and bills, built in memory from a seeded random source and written in a few batched
 * statements (unnest), so the first start stays fast. The same `days` gives the same orders.
 * Sessions start and end on a whole minute, as their bill's segments then do.
 */

/** mulberry32: a small deterministic random source */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MINUTE_MS = 60_000;
const STEP_MS = 5 * MINUTE_MS;
const wholeMinute = (ms: number) => Math.round(ms / MINUTE_MS) * MINUTE_MS;

interface Gun {
  id: string;
  pile_id: string;
  station_id: string;
  rated_power_kw: number;
  connector_type: number;
  price_id: string;
  tmpl: StoredTemplate & { priceName: string };
}

export async function seedChargingHistory(tx: Db, days: number): Promise<void> {
  if (days <= 0) return;
  const { rows: guns } = await tx.query<Gun>(
    `select g.id, g.pile_id, p.station_id, g.rated_power_kw, g.connector_type, p.price_id,
            json_build_object('priceName', t.price_name, 'tiers', t.tiers, 'periods', t.periods, 'seasons', t.seasons) as tmpl
       from charging_gun g join charging_pile p on p.id = g.pile_id join charging_price t on t.id = p.price_id order by g.id`,
  );
  const rnd = random(20240815);
  const now = Date.now();
  // the history ends an hour ago; live sessions begin after it
  const end = wholeMinute(now - 3600_000);
  const orders: unknown[][] = [];
  const meters: [string, Date, number, number, number, number, number][] = [];
  for (const g of guns) {
    const template = templateOf(g.tmpl);
    let register = Math.floor(rnd() * 5_000_000);
    let t = end - days * 86_400_000;
    for (;;) {
      t += wholeMinute((2 + rnd() * 8) * 3600_000);
      const socStart = 10 + Math.floor(rnd() * 40);
      const socEnd = Math.min(100, socStart + 20 + Math.floor(rnd() * 60));
      const needWh = ((socEnd - socStart) / 100) * batteryWhOf(g.connector_type);
      const powerW = g.rated_power_kw * 1000 * (0.8 + 0.15 * rnd());
      const durMs = Math.max(STEP_MS, wholeMinute((needWh / powerW) * 3600_000));
      if (t + durMs > end) break;
      const id = `co-h${String(orders.length).padStart(6, '0')}`;
      const samples: { at: number; wh: number }[] = [];
      for (let s = 0; ; s += STEP_MS) {
        const at = Math.min(t + s, t + durMs);
        const wh = register + Math.round((needWh * (at - t)) / durMs);
        samples.push({ at, wh });
        const soc = Math.round(socStart + ((socEnd - socStart) * (at - t)) / durMs);
        const volt = g.connector_type === 4 ? 3900 + soc * 4 : 2200;
        meters.push([id, new Date(at), wh, Math.round(powerW), volt, Math.round((powerW / (volt / 10)) * 10), soc]);
        if (at >= t + durMs) break;
      }
      const bill = computeBill(samples, template);
      const roll = rnd();
      // mostly finished; a few abnormal orders settled by an operator, two recent ones left to settle
      const abnormal = roll < 0.04;
      const state = abnormal ? (t > end - 2 * 86_400_000 ? 8 : 20) : 4;
      const reason = abnormal ? 5 : roll < 0.7 ? 2 : roll < 0.9 ? 0 : roll < 0.97 ? 4 : 1;
      const mode = rnd() < 0.8 ? 1 : rnd() < 0.9 ? 2 : 5;
      const paid = state === 8 ? 0 : bill.totalCents;
      const refund = state === 4 && rnd() < 0.02 ? Math.min(paid, 500) : 0;
      orders.push([
        id,
        orderNoAt(new Date(t)),
        g.station_id,
        g.pile_id,
        g.id,
        `粤B${'DF'[Math.floor(rnd() * 2)]}${String(Math.floor(rnd() * 100000)).padStart(5, '0')}`,
        `13${String(Math.floor(rnd() * 1e9)).padStart(9, '0')}`,
        mode,
        state,
        new Date(t),
        new Date(t + durMs),
        register,
        register + bill.energyWh,
        bill.energyWh,
        socStart,
        socEnd,
        reason,
        g.price_id,
        JSON.stringify(g.tmpl),
        JSON.stringify(bill.lines),
        bill.elecCents,
        bill.serviceCents,
        bill.totalCents,
        paid,
        refund,
        state === 8 ? 0 : refund === 0 ? 1 : refund === paid ? 3 : 2,
      ]);
      register += bill.energyWh;
      t += durMs;
    }
  }
  const col = (i: number) => orders.map((o) => o[i]);
  await tx.query(
    `insert into charging_order (id, order_no, station_id, pile_id, gun_id, plate_no, phone, start_mode, state, start_time, end_time,
       meter_start_wh, meter_stop_wh, energy_wh, soc_start, soc_end, stop_reason, price_id, price_version, price_snapshot, segments,
       elec_cents, service_cents, total_cents, paid_cents, refund_cents, pay_status, last_meter_time, create_time,
       parking_id, pay_time, pay_channel)
     select a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, 1, s::jsonb, t::jsonb, u, v, w, x, y, z, k, j,
            (select st.parking_id from charging_station st where st.id = c), case when x > 0 then k end, case when x > 0 then 1 else 0 end
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::smallint[], $9::smallint[],
                   $10::timestamptz[], $11::timestamptz[], $12::bigint[], $13::bigint[], $14::bigint[], $15::smallint[], $16::smallint[],
                   $17::smallint[], $18::text[], $19::text[], $20::text[], $21::bigint[], $22::bigint[], $23::bigint[], $24::bigint[],
                   $25::bigint[], $26::smallint[])
         as src(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z)`,
    Array.from({ length: 26 }, (_, i) => col(i)),
  );
  // a refund seeded on an order is dated an hour after it was paid
  await tx.query(
    `insert into charging_refund (id, order_id, parking_id, channel, amount_cents, refund_time, reason)
     select 'crf-' || id, id, parking_id, pay_channel, refund_cents, least(pay_time + interval '1 hour', now()), '演示退款'
       from charging_order where id = any($1::text[]) and refund_cents > 0`,
    [col(0)],
  );
  const mcol = (i: number) => meters.map((m) => m[i]);
  await tx.query(
    `insert into charging_meter (order_id, at, energy_wh, power_w, voltage_dv, current_da, soc)
     select * from unnest($1::text[], $2::timestamptz[], $3::bigint[], $4::int[], $5::int[], $6::int[], $7::smallint[])`,
    Array.from({ length: 7 }, (_, i) => mcol(i)),
  );
}
