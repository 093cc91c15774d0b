import type { Db } from '../db/database.ts';

/** The simulators that invent traffic, charging sessions and heartbeats (server/jobs/). */
export const SIMULATOR_JOBS = ['traffic-sim', 'charging-sim', 'device-heartbeat'] as const;

/**
 * Whether any simulator runs now, on any instance: a running job holds its lease row
 * (jobs/leader.ts), so the screens label their figures 演示 while one does.
 */
export async function simulatorsRunning(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from job_lease where name = any($1::text[]) and expires_at > now()',
    [SIMULATOR_JOBS],
  );
  return (rows[0]?.n ?? 0) > 0;
}
