import type { Database } from '../../server/db/database.ts';

/** The bench's generated orders (order-list.ts, finance-figures.ts): set-based SQL, spread like the seed's. */

const DAY_S = 86_400;

/** Drops the order table's secondary indexes, answering the statements that rebuild them. */
export async function dropIndexes(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes
      where tablename = 'parking_order' and indexname not like '%_pkey' and indexname not like '%order_no_key'`,
  );
  for (const r of rows) await db.query(`drop index ${r.name}`);
  return rows.map((r) => r.def);
}

/** `n` orders over 90 days and the lots: plates, colours, classes, states, channels and amounts spread like the seed's. */
export async function generate(db: Database, n: number): Promise<void> {
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
