import { createDueArrears } from '../arrears/create.ts';
import { sendDueNotices } from '../arrears/notices.ts';
import type { Job } from './leader.ts';

/**
 * Arrears recovery in the background, once per database: unpaid exits older than the policy's
 * delay become arrears records, and scheduled notices whose time has come are sent.
 */
export function arrearsJob(everyMs: number): Job {
  return {
    name: 'arrears',
    everyMs,
    async tick(db) {
      await createDueArrears(db);
      await sendDueNotices(db);
    },
  };
}
