import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { holdLease, startJobs } from '../jobs/leader.ts';
import { openTestDatabase } from './test-database.ts';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe('background jobs run once per database', () => {
  it('a lease is held by one instance until it lapses', async () => {
    expect(await holdLease(db, 'lease-test', 60_000, 'instance-a')).toBe(true);
    expect(await holdLease(db, 'lease-test', 60_000, 'instance-b')).toBe(false);
    expect(await holdLease(db, 'lease-test', 60_000, 'instance-a')).toBe(true); // renewal
    await db.query(`update job_lease set expires_at = now() - interval '1 second' where name = 'lease-test'`);
    expect(await holdLease(db, 'lease-test', 60_000, 'instance-b')).toBe(true);
  });

  it('a job whose lease another instance holds does not run', async () => {
    await holdLease(db, 'counted', 60_000, 'someone-else');
    let runs = 0;
    const stop = startJobs(db, [{ name: 'counted', everyMs: 10, tick: async () => void runs++ }], () => {});
    await new Promise((r) => setTimeout(r, 150));
    await stop();
    expect(runs).toBe(0);
  });

  it('two runners on one database: only the lease holder works', async () => {
    const runs = [0, 0];
    // a long lease: a tick delayed on a busy machine must not hand the job over mid-test
    const job = (i: number) => ({ name: 'shared', everyMs: 15, leaseMs: 60_000, tick: async () => void runs[i]++ });
    const stops = [startJobs(db, [job(0)], () => {}), startJobs(db, [job(1)], () => {})];
    await expect.poll(() => runs[0] + runs[1], { timeout: 10_000 }).toBeGreaterThan(1);
    await new Promise((r) => setTimeout(r, 100));
    await Promise.all(stops.map((s) => s()));
    expect(runs.filter((n) => n > 0)).toHaveLength(1);
  });

  it('a tick slower than three periods is not run beside itself by another runner', async () => {
    let inTick = 0;
    let most = 0;
    let ticks = 0;
    // no leaseMs: the default, which a 120 ms tick of a 15 ms job outlasts three times over
    const job = {
      name: 'slow-tick',
      everyMs: 15,
      tick: async () => {
        most = Math.max(most, ++inTick);
        ticks++;
        await new Promise((r) => setTimeout(r, 120));
        inTick--;
      },
    };
    const stops = [startJobs(db, [job], () => {}), startJobs(db, [{ ...job }], () => {})];
    await expect.poll(() => ticks, { timeout: 3000 }).toBeGreaterThan(2);
    await Promise.all(stops.map((s) => s()));
    expect(most).toBe(1);
  });

  it('a runner that stops gives its lease back: the other takes the job over at its next tick, not after the lease lapses', async () => {
    const runs = [0, 0];
    // a lease of a minute: only giving it back lets the second runner work within the test
    const job = (i: number) => ({ name: 'handed-over', everyMs: 20, leaseMs: 60_000, tick: async () => void runs[i]++ });
    const first = startJobs(db, [job(0)], () => {});
    await expect.poll(() => runs[0]).toBeGreaterThan(0);
    const second = startJobs(db, [job(1)], () => {});
    await new Promise((r) => setTimeout(r, 100));
    expect(runs[1]).toBe(0);
    await first();
    await expect.poll(() => runs[1], { timeout: 2000 }).toBeGreaterThan(0);
    await second();
  });
});
