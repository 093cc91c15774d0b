import { settleCardStatuses } from '../cards/status-job.ts';
import type { Job } from './leader.ts';

/** Monthly and group cards turn EXPIRING and EXPIRED on time, once per database (cards/status-job.ts). */
export function cardStatusJob(everyMs: number): Job {
  return {
    name: 'card-status',
    everyMs,
    async tick(db) {
      await settleCardStatuses(db);
    },
  };
}
