import { buildApp, prepareDatabase } from '../../server/app.ts';
import { adminTokenOf, pct } from './inject.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { dropIndexes, generate } from './order-generator.ts';

/**
 * `npx tsx scripts/bench/finance-figures.ts [orders]` (default 1000000): a scratch in-memory
 * database with that many generated orders over 90 days and a payment for each paid one (the kept
 * daily totals written by their triggers, as the money writes do), then p50/p95 of the home
 * dashboard and the finance reports as the screens ask for them. Budget: a day's report and the
 * dashboard ≤ 200 ms p95 (issue 35). Prints a JSON line (`FINANCE_BENCH {…}`) for `npm run bench`.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BUDGET_MS = 200;

const n = Number(process.argv[2] ?? 1_000_000);
const t0 = performance.now();
const db = await prepareDatabase({}, { orderDays: 0, chargingHistoryDays: 0 });
await db.query('delete from parking_order');
const defs = await dropIndexes(db);
await generate(db, n);
for (const def of defs) await db.query(def);
// a payment for every paid order, at its pay time: the finance triggers file them by day, lot and channel
await db.query(
  `insert into parking_order_payment (id, order_id, parking_id, channel, serial_no, pay_time, value_cents)
   select 'bp-' || id, id, parking_id, pay_channel, 'B' || id, pay_time, paid_cents from parking_order where paid_cents > 0`,
);
await db.query('analyze');
console.log(`${n.toLocaleString('en')} orders and their payments generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const { app } = await buildApp({ db });
const token = await adminTokenOf(app);
const yesterday = chinaDate(Date.now() - 86_400_000);
const monthAgo = chinaDate(Date.now() - 30 * 86_400_000);
const lot = (await db.query<{ id: string }>('select id from parking order by id limit 1')).rows[0].id;
const scenarios: Record<string, string> = {
  'dashboard (every card)': '/api/dashboard',
  'daily report, one day': `/api/finance/Daily?from=${yesterday}&to=${yesterday}`,
  'channel income, one day': `/api/finance/Channel?from=${yesterday}&to=${yesterday}`,
  'daily report, 31 days': `/api/finance/Daily?from=${monthAgo}&to=${chinaDate(Date.now())}`,
  'movements of a lot-day': `/api/finance/Movements?from=${yesterday}&to=${yesterday}&parkingId=${lot}`,
};
const out: Record<string, { p50: number; p95: number }> = {};
for (const [name, url] of Object.entries(scenarios)) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const t = performance.now();
    const res = await app.inject({ url, headers: { authorization: token } });
    if (res.json().code !== 200) throw new Error(`${name}: ${res.body.slice(0, 300)}`);
    if (i >= 2) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  out[name] = { p50: Math.round(pct(times, 50)), p95: Math.round(pct(times, 95)) };
}
await app.close();
await db.close();
console.log(`\nDashboard and finance reports at ${n.toLocaleString('en')} orders (${RUNS} runs each, ms)`);
console.table(out);
for (const name of ['dashboard (every card)', 'daily report, one day']) {
  const p95 = out[name].p95;
  console.log(`${name}, p95: ${p95} ms (budget ≤ ${BUDGET_MS} ms) ${p95 <= BUDGET_MS ? 'met' : 'MISSED'}`);
}
console.log(`FINANCE_BENCH ${JSON.stringify(out)}`);
