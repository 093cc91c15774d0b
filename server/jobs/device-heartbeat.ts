import type { Job } from './leader.ts';

/**
 * Simulated device heartbeats so the monitoring screen moves: each tick most working devices report,
 * and now and then one device breaks or recovers.
 */
export function heartbeatJob(everyMs: number): Job {
  return {
    name: 'device-heartbeat',
    everyMs,
    async tick(db) {
      await db.query(`update device set last_heartbeat = now() where enabled_mark = 1 and not sim_fault and random() < 0.9`);
      if (Math.random() < 0.3) {
        await db.query(`update device set sim_fault = not sim_fault where id = (select id from device order by random() limit 1)`);
      }
    },
  };
}
