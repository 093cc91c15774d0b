import type { PGlite } from '@electric-sql/pglite';

/**
 * Simulated device heartbeats so the monitoring screen moves: each tick most working devices report,
 * and now and then one device breaks or recovers. The timer is unref'd (it never keeps the process
 * alive) and stop() is called before the database closes.
 */
export function startHeartbeats(db: PGlite, everyMs: number): () => void {
  let stopped = false;
  let running = false;
  const tick = async (): Promise<void> => {
    if (stopped || running) return;
    running = true;
    try {
      await db.query(`update device set last_heartbeat = now() where enabled_mark = 1 and not sim_fault and random() < 0.9`);
      if (Math.random() < 0.3) {
        await db.query(`update device set sim_fault = not sim_fault where id = (select id from device order by random() limit 1)`);
      }
    } catch (e) {
      if (!stopped) console.error('[heartbeat]', e);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
