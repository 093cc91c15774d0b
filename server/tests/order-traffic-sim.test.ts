import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { trafficSimJob } from '../jobs/traffic-sim.ts';
import { withTestServer } from './helpers.ts';

/** The traffic simulator: cars enter at the lots and cars in the lots leave, priced and paid or owing. */

let db: Db;
withTestServer((s) => ({ db } = s));

const count = async (where: string) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from parking_order where ${where}`)).rows[0].n;

describe('traffic simulator', () => {
  it('a tick lets cars in (searchable by plate) and lets cars out with an amount that adds up and its fee lines', async () => {
    const before = await count('true');
    const leftBefore = await count('fee_lines is not null');
    // an hour's tick: at 3 a.m. China time a ten-minute one lets no car in one run in seven
    await trafficSimJob(3_600_000).tick(db);
    expect(await count('true')).toBeGreaterThan(before);
    expect(await count(`entry_time > now() - interval '1 minute' and cardinality(plate_grams) = 0 and char_length(plate_no) > 2`)).toBe(0);
    expect(await count('fee_lines is not null')).toBeGreaterThan(leftBefore);
    expect(await count('receivable_cents <> discount_cents + paid_cents + owed_cents')).toBe(0);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from parking_order o where o.state = 2 and o.fee_lines is not null
          and o.paid_cents <> (select coalesce(sum(value_cents), 0) from parking_order_payment p where p.order_id = o.id)`,
    );
    expect(rows[0].n).toBe(0);
  });
});
