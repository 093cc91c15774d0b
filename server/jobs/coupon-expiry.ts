import { expireDueCoupons } from '../coupons/lifecycle.ts';
import type { Job } from './leader.ts';

/** Issued coupons whose validity is over become EXPIRED on time, without a visit; once per database. */
export function couponExpiryJob(everyMs: number): Job {
  return {
    name: 'coupon-expiry',
    everyMs,
    async tick(db) {
      while ((await expireDueCoupons(db)) > 0);
    },
  };
}
