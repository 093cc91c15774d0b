import { buildApp, prepareDatabase } from '../../server/app.ts';
import { adminTokenOf, pct } from './inject.ts';
import { dropIndexes, generate } from './order-generator.ts';

/**
 * `npx tsx scripts/bench/order-list.ts [sizes…]` (default 100000 1000000): for each size, a scratch
 * in-memory database with the demo lots and that many generated orders (set-based SQL, indexes
 * built after the load), then p50/p95 of GET /api/order/ParkingOrder (count, page and totals of the
 * filtered set, as the screen asks) for the filters an operator uses. Prints one table per size and
 * a JSON line (`ORDER_LIST_BENCH {…}`) for `npm run bench`.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const DAY_S = 86_400;

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
  const token = await adminTokenOf(app);
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
