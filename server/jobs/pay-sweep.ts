import { sweepPayments } from '../public/payments.ts';
import type { Job } from './leader.ts';

/**
 * Public payments no page is watching, once per database: a payment awaiting its notify past 30 s is
 * asked about at the provider (a paid payment whose notify was lost is paid now, not when a page
 * happens to poll), one the wallet never paid is closed after 15 minutes (public/payments.ts
 * sweepPayments). PAY_SWEEP_MS sets the tick; 0 turns it off.
 */
export function paySweepJob(everyMs: number): Job {
  return {
    name: 'pay-sweep',
    everyMs,
    async tick(db) {
      // a backlog goes in batches of 200 while a batch settles some: a full batch of payments nobody
      // paid and too young to close would be asked again at once, for ever (the next tick asks them)
      for (;;) {
        const r = await sweepPayments(db);
        if (r.asked < 200 || r.paid + r.closed === 0) break;
      }
    },
  };
}
