import { buildApp, prepareDatabase } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { md5Hex } from '../../server/lib/password.ts';

/**
 * `npx tsx scripts/bench/order-list.ts [sizes…]` (default 100000 1000000): for each size, a scratch
 * in-memory database with the demo lots and that many generated orders (set-based SQL, indexes
 * built after the load), then p50/p95 of GET /api/order/ParkingOrder (count, page and totals of the
 * filtered set, as the screen asks) for the filters an operator uses. Prints one table per size and
 * a JSON line (`ORDER_LIST_BENCH {…}`) for `npm run bench`.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const DAY_S = 86_400;

/** Drops the order table's secondary indexes, answering the statements that rebuild them. */
async function dropIndexes(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes
      where tablename = 'parking_order' and indexname not like '%_pkey' and indexname not like '%order_no_key'`,
  );
  for (const r of rows) await db.query(`drop index ${r.name}`);
  return rows.map((r) => r.def);
}

/** `n` orders over 90 days and the lots: plates, colours, classes, states, channels and amounts spread like the seed's. */
async function generate(db: Database, n: number): Promise<void> {
  const chunk = 100_000;
  for (let start = 1; start <= n; start += chunk) {
    const end = Math.min(n, start + chunk - 1);
    await db.query(
      `with lots as (select array_agg(id order by id) as ids from parking),
       g0 as (select i, random() as r1, random() as r2, random() as r3, (random() * 90 * ${DAY_S})::int as ago,
                     (5 + random() * 600)::int as stay, (random() * 3000)::int as amount from generate_series($1::int, $2::int) i),
       g as (select g0.*, '粤' || substr('BBBBBBACDEFG', 1 + (i % 12), 1) || case when r1 < 0.25 then 'D' else '' end ||
                     substr('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 1 + (i * 7 % 34), 1) || lpad(((i::bigint * 7919) % 10000)::text, 4, '0') as plate
               from g0)
       insert into parking_order (id, order_no, parking_id, plate_no, plate_grams, plate_color, car_class, source, entry_time, exit_time,
                                  state, receivable_cents, discount_cents, paid_cents, owed_cents, pay_channel, pay_time)
       select 'b-' || i, 'B' || lpad(i::text, 9, '0'), lots.ids[1 + i % array_length(lots.ids, 1)], plate, plate_grams(plate),
              case when r1 < 0.25 then 3 when r1 < 0.33 then 2 else 5 end,
              case when r2 < 0.76 then 1 when r2 < 0.88 then 2 when r2 < 0.94 then 5 else 4 end,
              case when r3 < 0.8 then 1 when r3 < 0.95 then 2 else 3 end,
              now() - make_interval(secs => ago), now() - make_interval(secs => greatest(ago - stay * 60, 0)),
              s.state, amount, 0, case when s.state = 2 then amount else 0 end, case when s.state = 2 then 0 else amount end,
              case when s.state = 2 then 1 + (i % 5) else 0 end,
              case when s.state = 2 then now() - make_interval(secs => greatest(ago - stay * 60, 0)) end
         from g, lots, lateral (select case when r3 < 0.9 then 2 when r3 < 0.95 then 6 else 7 end as state) s`,
      [start, end],
    );
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function benchSize(n: number): Promise<Record<string, { p50: number; p95: number }>> {
  const t0 = performance.now();
  const db = await prepareDatabase({}, { orderDays: 0, chargingHistoryDays: 0 });
  await db.query('delete from parking_order');
  const defs = await dropIndexes(db);
  await generate(db, n);
  const loaded = performance.now();
  for (const def of defs) await db.query(def);
  await db.query('analyze parking_order');
  console.log(
    `${n} orders: generated in ${((loaded - t0) / 1000).toFixed(1)} s, indexed in ${((performance.now() - loaded) / 1000).toFixed(1)} s`,
  );

  const { app } = await buildApp({ db });
  const login = await app.inject({
    method: 'POST',
    url: '/api/oauth/Login',
    payload: { account: 'admin', password: md5Hex('admin123'), code: '', timestamp: '', origin: 'password', grant_type: 'password' },
  });
  const token = login.json().data.token as string;
  const lot = (await db.query<{ id: string }>('select id from parking order by id limit 1')).rows[0].id;
  const nowS = Math.floor(Date.now() / 1000);
  const week = `${nowS - 7 * DAY_S},${nowS}`;
  const scenarios: Record<string, string> = {
    'first page, no filter': 'pageSize=20',
    'lot + entry last 7 days': `pageSize=20&parkingId=${lot}&entryTime=${week}`,
    'fuzzy plate (3 chars)': `pageSize=20&plateNo=${encodeURIComponent('B12')}`,
    'fuzzy plate (5 chars) + state': `pageSize=20&plateNo=${encodeURIComponent('BD123')}&state=2`,
    'arrears in one lot': `pageSize=20&state=7&parkingId=${lot}`,
    'channel + exit last 7 days + amount': `pageSize=50&payChannel=1&exitTime=${week}&amountMin=1000`,
    'page 50 of a lot': `pageSize=20&currentPage=50&parkingId=${lot}`,
  };
  // the traffic changes orders every few seconds, so a remembered total rarely survives between two
  // pages: these write one order before each request, as the simulator would
  const writing: Record<string, string> = {
    'first page, no filter, orders changing': 'pageSize=20',
    'lot first page, orders changing': `pageSize=20&parkingId=${lot}`,
    'state filter, orders changing': 'pageSize=20&state=2',
  };
  const touch = () =>
    db.query(`update parking_order set paid_cents = paid_cents + 1, receivable_cents = receivable_cents + 1 where id = $1`, [
      `b-${1 + Math.floor(Math.random() * n)}`,
    ]);
  const out: Record<string, { p50: number; p95: number }> = {};
  const all = [...Object.entries(scenarios), ...Object.entries(writing)];
  for (const [name, q] of all) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      if (name in writing) await touch();
      const t = performance.now();
      const res = await app.inject({ url: `/api/order/ParkingOrder?${q}`, headers: { authorization: token } });
      if (res.json().code !== 200) throw new Error(`${name}: ${res.body}`);
      if (i >= 2) times.push(performance.now() - t); // two warm-up runs
    }
    times.sort((a, b) => a - b);
    out[name] = { p50: Math.round(pct(times, 50)), p95: Math.round(pct(times, 95)) };
  }
  await app.close();
  await db.close();
  return out;
}

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((x) => x > 0);
const results: Record<number, Record<string, { p50: number; p95: number }>> = {};
for (const n of sizes.length ? sizes : [100_000, 1_000_000]) {
  results[n] = await benchSize(n);
  console.log(`\nGET /api/order/ParkingOrder at ${n.toLocaleString('en')} orders (${RUNS} runs each, ms)`);
  console.table(results[n]);
  const first = results[n]['first page, no filter, orders changing'];
  if (n >= 1_000_000)
    console.log(`unfiltered first page while orders change, p95: ${first.p95} ms (budget ≤ 50 ms) ${first.p95 <= 50 ? 'met' : 'MISSED'}`);
}
console.log(`ORDER_LIST_BENCH ${JSON.stringify(results)}`);
