import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { AGE_BUCKET, AGE_BUCKETS, AGE_BUCKET_LIMITS, OPEN_STATUSES } from '../../domain/arrears-codes.ts';
import { type FigureWindow, lotFilter } from './window.ts';

/** Arrears figures (§5, §11.2): new debts of a window, and the open debts by age. Recovered money is money.ts (source 'arrears'). */

const OPEN = `status in (${OPEN_STATUSES.join(', ')})`;

/** Debts created in the window: how many and their principal, cents. */
export async function newArrears(db: Db, w: FigureWindow): Promise<{ count: number; principalCents: number }> {
  const params: unknown[] = [w.from, w.to];
  const scope = lotFilter('parking_id', w.lots, params);
  const { rows } = await db.query<{ n: number; cents: string }>(
    `select count(*)::int as n, coalesce(sum(principal_cents), 0) as cents from arrears_record
      where create_time >= to_timestamp($1 / 1000.0) and create_time < to_timestamp($2 / 1000.0)${scope}`,
    params,
  );
  return { count: rows[0].n, principalCents: Number(rows[0].cents) };
}

export interface AgeingRow {
  bucket: number;
  name: string;
  count: number;
  owedCents: number;
}

/** Open debts by whole days since the exit (the 欠费记录 screen's 账龄 buckets), every bucket present. */
export async function arrearsAgeing(db: Db, lots: LotScope, now: number): Promise<AgeingRow[]> {
  const params: unknown[] = [now];
  const scope = lotFilter('parking_id', lots, params);
  const [b1, b2, b3] = AGE_BUCKET_LIMITS;
  const { rows } = await db.query<{ bucket: number; n: number; cents: string }>(
    `select case when d <= ${b1} then 1 when d <= ${b2} then 2 when d <= ${b3} then 3 else 4 end as bucket,
            count(*)::int as n, sum(owed_cents) as cents
       from (select floor(extract(epoch from to_timestamp($1 / 1000.0) - exit_time) / 86400) as d, owed_cents
               from arrears_record where ${OPEN}${scope}) a
      group by 1`,
    params,
  );
  return AGE_BUCKETS.map((bucket) => {
    const r = rows.find((x) => Number(x.bucket) === bucket);
    return { bucket, name: AGE_BUCKET[bucket], count: r?.n ?? 0, owedCents: Number(r?.cents ?? 0) };
  });
}

/** Open debts older than `days` whole days (the to-do "arrears over 30 days"). */
export async function arrearsOlderThan(db: Db, lots: LotScope, now: number, days: number): Promise<number> {
  const params: unknown[] = [now - (days + 1) * 86_400_000];
  const scope = lotFilter('parking_id', lots, params);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from arrears_record where ${OPEN} and exit_time <= to_timestamp($1 / 1000.0)${scope}`,
    params,
  );
  return rows[0].n;
}
