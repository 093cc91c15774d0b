import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

/**
 * Background jobs run once per database, not once per server process: each tick, a job first
 * takes (or renews) its lease row; only the holder works, and a lease left by a dead process
 * lapses after three periods so another instance takes over.
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

/** Starts the jobs; the returned function stops them (call it before the database closes). */
export function startJobs(db: Db, jobs: Job[], log: (msg: string, e: unknown) => void): () => Promise<void> {
  const holder = randomUUID();
  let stopped = false;
  const running = new Set<Promise<void>>();
  const timers = jobs
    .filter((j) => j.everyMs > 0)
    .map((job) => {
      let busy = false;
      const run = async (): Promise<void> => {
        if (stopped || busy) return;
        busy = true;
        try {
          if (await holdLease(db, job.name, job.leaseMs ?? job.everyMs * 3, holder)) await job.tick(db);
        } catch (e) {
          if (!stopped) log(`[job ${job.name}]`, e);
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
  };
}
