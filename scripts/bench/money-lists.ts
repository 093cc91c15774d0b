import { buildApp, prepareDatabase } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { adminTokenOf, pct } from './inject.ts';

/**
 * `npx tsx scripts/bench/money-lists.ts [factor]` (default 10): the demo database with its debts and
 * refunds copied until there are `factor` times as many (each copy with an order of its own, as a
 * busier site would have), then p50/p95 of the 欠费记录 and 退款审核 lists for the filters their
 * screens offer, each once as is and once with a record changed before every request (the jobs and
 * the desks write all day, so a remembered total seldom survives). Prints a table and a JSON line
 * (`MONEY_LIST_BENCH {…}`).
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 15);

/** `factor − 1` copies of every debt and refund, each with a copy of its order (and the refund's payment). */
async function multiply(db: Database, factor: number): Promise<void> {
  const copy = (table: string, where: string, change: string) =>
    db.query(
      `insert into ${table} select (jsonb_populate_record(null::${table}, to_jsonb(t) || ${change})).*
         from ${table} t cross join generate_series(2, $1::int) as c where ${where}`,
      [factor],
    );
  const wanted = `(select order_id from arrears_record union select order_id from parking_order_refund)`;
  await copy('parking_order', `t.id in ${wanted}`, `jsonb_build_object('id', t.id || '-x' || c, 'order_no', t.order_no || 'X' || c)`);
  await copy(
    'parking_order_payment',
    't.id in (select payment_id from parking_order_refund)',
    `jsonb_build_object('id', t.id || '-x' || c, 'order_id', t.order_id || '-x' || c, 'serial_no', t.serial_no || 'X' || c)`,
  );
  await copy(
    'arrears_record',
    'true',
    `jsonb_build_object('id', t.id || '-x' || c, 'order_id', t.order_id || '-x' || c, 'order_no', t.order_no || 'X' || c)`,
  );
  await copy(
    'parking_order_refund',
    'true',
    `jsonb_build_object('id', t.id || '-x' || c, 'order_id', t.order_id || '-x' || c, 'refund_no', t.refund_no || 'X' || c, 'payment_id', t.payment_id || '-x' || c, 'order_no', t.order_no || 'X' || c)`,
  );
  await db.query('analyze');
}

async function main(): Promise<void> {
  const factor = Number(process.argv[2] ?? 10);
  const db = await prepareDatabase({}, {});
  await multiply(db, factor);
  const count = async (table: string) => Number((await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n);
  const [debts, refunds] = [await count('arrears_record'), await count('parking_order_refund')];
  console.log(`${factor}× the demo: ${debts.toLocaleString('en')} debts, ${refunds.toLocaleString('en')} refunds`);
  const { app } = await buildApp({ db });
  const token = await adminTokenOf(app);
  const lot = (await db.query<{ parking_id: string }>('select parking_id from arrears_record group by 1 order by count(*) desc limit 1'))
    .rows[0].parking_id;
  const scenarios: Record<string, string> = {
    '欠费记录: first page': '/api/arrears/ArrearsRecord?pageSize=20',
    '欠费记录: open, one lot': `/api/arrears/ArrearsRecord?pageSize=20&status=0&parkingId=${lot}`,
    '欠费记录: older than 30 days': '/api/arrears/ArrearsRecord?pageSize=20&ageBucket=3',
    '欠费记录: plate fragment': `/api/arrears/ArrearsRecord?pageSize=20&plateNo=${encodeURIComponent('B1')}`,
    '退款审核: first page': '/api/refund/Refunds?pageSize=20',
    '退款审核: the queue': '/api/refund/Refunds?pageSize=20&status=0',
    '退款审核: plate start': `/api/refund/Refunds?pageSize=20&keyword=${encodeURIComponent('粤B')}`,
  };
  const touch = () =>
    db.query(`update arrears_record set last_modify_time = now() where id = (select id from arrears_record order by random() limit 1);
              update parking_order_refund set last_modify_time = now() where id = (select id from parking_order_refund order by random() limit 1)`);
  const out: Record<string, { p50: number; p95: number }> = {};
  for (const writing of [false, true])
    for (const [name, url] of Object.entries(scenarios)) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        if (writing) await touch();
        const t = performance.now();
        const res = await app.inject({ url, headers: { authorization: token } });
        if (res.json().code !== 200) throw new Error(`${name}: ${res.body}`);
        if (i >= 2) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      out[`${name}${writing ? ', records changing' : ''}`] = { p50: Math.round(pct(times, 50)), p95: Math.round(pct(times, 95)) };
    }
  await app.close();
  await db.close();
  console.log(`\n欠费记录 and 退款审核 lists at ${factor}× the demo (${RUNS} runs each, ms)`);
  console.table(out);
  const worst = Math.max(...Object.values(out).map((r) => r.p95));
  console.log(`slowest p95: ${worst} ms (budget ≤ 50 ms, as the other lists) ${worst <= 50 ? 'met' : 'MISSED'}`);
  console.log(`MONEY_LIST_BENCH ${JSON.stringify(out)}`);
}

await main();
