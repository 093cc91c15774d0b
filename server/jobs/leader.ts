import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { isDatabaseUnavailable } from '../db/outage.ts';

/**
 * Background jobs run once per database, not once per server process: each tick, a job first
 * takes (or renews) its lease row; only the holder works, and a lease left by a dead process
 * lapses after three periods so another instance takes over. While the database is away the
 * jobs pause (one line says so, one says they resumed) and take their leases again afterwards; a
 * runner that stops gives its leases back, so another instance takes over at its next tick.
 */
export interface Job {
  name: string;
  everyMs: number;
  /** how long a runner keeps the job after its last tick (default three periods) */
  leaseMs?: number;
  tick(db: Db): Promise<void>;
}

export async function holdLease(db: Db, name: string, ttlMs: number, holder: string): Promise<boolean> {
  const { rows } = await db.query<{ holder: string }>(
    `insert into job_lease (name, holder, expires_at) values ($1, $2, now() + make_interval(secs => $3::float8 / 1000))
     on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
       where job_lease.holder = excluded.holder or job_lease.expires_at < now()
     returning holder`,
    [name, holder, ttlMs],
  );
  return rows.length > 0;
}

/** Gives back every lease `holder` holds (a runner that stops). */
export async function releaseLeases(db: Db, holder: string): Promise<void> {
  await db.query('delete from job_lease where holder = $1', [holder]);
}

/** Starts the jobs; the returned function stops them and gives their leases back (call it before the database closes). */
/** what the jobs report: an outage and its end ('info'), or a job's failure ('error') */
export type JobLog = (level: 'info' | 'error', msg: string, e?: unknown) => void;

/**
 * The shortest lease a job gets by default: it is taken when a tick starts and not renewed during
 * it, so a tick slower than three periods (a fast simulator on a loaded database) would otherwise
 * let another instance run the same tick beside it. A crashed holder's job waits this long at most.
 */
export const MIN_LEASE_MS = 10_000;

export function startJobs(db: Db, jobs: Job[], log: JobLog): () => Promise<void> {
  const holder = randomUUID();
  let stopped = false;
  let paused = false;
  const outage = (e: unknown): boolean => {
    if (!isDatabaseUnavailable(e)) return false;
    if (!paused) log('info', `[jobs] database unavailable (${(e as Error).message}): jobs paused until it is back`);
    paused = true;
    return true;
  };
  const running = new Set<Promise<void>>();
  const timers = jobs
    .filter((j) => j.everyMs > 0)
    .map((job) => {
      let busy = false;
      const run = async (): Promise<void> => {
        if (stopped || busy) return;
        busy = true;
        try {
          const mine = await holdLease(db, job.name, job.leaseMs ?? Math.max(job.everyMs * 3, MIN_LEASE_MS), holder);
          if (paused) log('info', '[jobs] database back: jobs resumed');
          paused = false;
          if (mine && !stopped) await job.tick(db);
        } catch (e) {
          if (!stopped && !outage(e)) log('error', `[job ${job.name}]`, e);
        } finally {
          busy = false;
        }
      };
      const timer = setInterval(() => {
        const p = run();
        running.add(p);
        void p.finally(() => running.delete(p));
      }, job.everyMs);
      timer.unref();
      return timer;
    });
  return async () => {
    stopped = true;
    timers.forEach(clearInterval);
    await Promise.all(running);
    if (timers.length) await releaseLeases(db, holder).catch((e: unknown) => log('error', '[jobs] leases not given back (they lapse)', e));
  };
}
