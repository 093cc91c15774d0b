import { describe, expect, it } from 'vitest';
import { COUPON_STATE, COUPON_STATES, type CouponState } from '../../domain/coupon-codes.ts';
import { type CouponEvent, couponEventsFrom, couponTransition } from './state-machine.ts';
import { redeemRefusal } from './redeem.ts';
import { validityAt } from './validity.ts';
import type { CouponRow } from './store.ts';

/** The issued coupon's state machine, why a coupon cannot be used on a stay, and its validity. */

const S = COUPON_STATE;
const at = (s: string) => new Date(`${s}+08:00`);

describe('coupon state machine', () => {
  it('an issued coupon may be used, expire or be voided; nothing leaves used, expired or void', () => {
    const legal: [CouponState, CouponEvent, CouponState][] = [
      [S.ISSUED, 'use', S.USED],
      [S.ISSUED, 'expire', S.EXPIRED],
      [S.ISSUED, 'void', S.VOID],
    ];
    for (const [from, event, to] of legal) expect(couponTransition(from, event)).toEqual({ ok: true, to });
    for (const from of [S.USED, S.EXPIRED, S.VOID]) {
      expect(couponEventsFrom(from)).toEqual([]);
      for (const event of ['use', 'expire', 'void'] as CouponEvent[])
        expect(couponTransition(from, event)).toEqual({
          ok: false,
          msg: expect.stringContaining(`优惠券当前状态为“${COUPON_STATES[from]}”`),
        });
    }
    expect(couponTransition(S.USED, 'void')).toEqual({ ok: false, msg: '优惠券当前状态为“已抵扣”，不能作废' });
  });
});

const coupon = (more: Partial<CouponRow> = {}): CouponRow => ({
  id: 'cr-1',
  couponNo: 'CP20260302AAAA0001',
  templateId: 'ct-1',
  merchantId: 'm-1',
  templateName: '5元停车券',
  parkingIds: ['p-1'],
  couponType: 1,
  faceValue: 500,
  capCents: 500,
  stackable: 1,
  plateNo: '粤B12345',
  state: S.ISSUED,
  issueTime: at('2026-03-01T10:00:00'),
  startTime: at('2026-03-01T10:00:00'),
  expireTime: at('2026-03-08T10:00:00'),
  orderId: null,
  useTime: null,
  deductedCents: 0,
  ...more,
});

describe('using a coupon on a stay', () => {
  const stay = { plateNo: '粤B12345', parkingId: 'p-1', at: at('2026-03-02T12:00:00').getTime() };
  it('takes an issued coupon of the plate and lot inside its validity', () => {
    expect(redeemRefusal(coupon(), stay)).toBeNull();
  });
  it('refuses each other case with its reason', () => {
    expect(redeemRefusal(coupon({ state: S.USED, useTime: at('2026-03-01T18:30:00') }), stay)).toBe(
      '优惠券CP20260302AAAA0001已使用（2026-03-01 18:30），不能再次使用',
    );
    expect(redeemRefusal(coupon({ expireTime: at('2026-03-02T12:00:00') }), stay)).toBe(
      '优惠券CP20260302AAAA0001已过期（有效期至2026-03-02 12:00）',
    );
    expect(redeemRefusal(coupon({ state: S.EXPIRED }), stay)).toMatch(/已过期/);
    expect(redeemRefusal(coupon({ state: S.VOID }), stay)).toBe('优惠券CP20260302AAAA0001已作废');
    expect(redeemRefusal(coupon({ startTime: at('2026-03-03T00:00:00') }), stay)).toBe(
      '优惠券CP20260302AAAA0001尚未生效（2026-03-03 00:00起可用）',
    );
    expect(redeemRefusal(coupon(), { ...stay, plateNo: '粤B54321' })).toBe('优惠券CP20260302AAAA0001发放给车牌粤B12345，不能用于粤B54321');
    expect(redeemRefusal(coupon(), { ...stay, parkingId: 'p-2' })).toBe('优惠券CP20260302AAAA0001不适用于该停车场');
  });
});

describe('validity', () => {
  it('N days from issue, or fixed China calendar days to the end of the last day', () => {
    const issued = at('2026-03-01T10:00:00').getTime();
    expect(validityAt({ validMode: 2, validFrom: null, validTo: null, validDays: 7 }, issued)).toEqual({
      start: issued,
      end: at('2026-03-08T10:00:00').getTime(),
    });
    const fixed = { validMode: 1, validFrom: '2026-03-05', validTo: '2026-03-31', validDays: 0 };
    expect(validityAt(fixed, issued)).toEqual({ start: at('2026-03-05T00:00:00').getTime(), end: at('2026-04-01T00:00:00').getTime() });
    // issued on the last day: usable until midnight; the day after: nothing to issue
    expect(validityAt(fixed, at('2026-03-31T23:00:00').getTime())?.end).toBe(at('2026-04-01T00:00:00').getTime());
    expect(validityAt(fixed, at('2026-04-01T00:00:00').getTime())).toBeNull();
  });
});
