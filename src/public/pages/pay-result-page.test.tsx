// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PayResultPage } from './pay-result-page';
import { buttonByText, byTestId, click, fakeFetch, render, settle } from '../test-kit';

const params = new URLSearchParams('outTradeNo=PT-1');
const FAST = { firstMs: 5, maxMs: 5, giveUpMs: 100 };
const awaiting = { data: { status: 'awaiting', amountCents: 1200, paidAt: null, leaveBefore: null, exited: false } };
const paid = { data: { status: 'paid', amountCents: 1200, paidAt: Date.now(), leaveBefore: Date.now() + 15 * 60_000, exited: false } };

const wait = (ms: number) => settle(Math.ceil(ms / 4));

describe('the payment result (/payResult)', () => {
  it('checks with the server until paid, then a large 支付成功 in a live region, and asks no more', async () => {
    const fake = fakeFetch({ 'GET /api/public/Pay/PT-1': [awaiting, awaiting, paid] });
    const el = render(<PayResultPage params={params} pollOptions={FAST} />, fake.api);
    expect(byTestId(el, 'result-checking')?.textContent).toContain('正在确认支付结果');
    await wait(200);
    const result = byTestId(el, 'result-paid')!;
    expect(result.querySelector('h1')?.textContent).toBe('支付成功');
    expect(result.textContent).toContain('¥12.00');
    expect(result.textContent).toMatch(/请在 \d\d:\d\d 前离场/);
    expect(result.closest('[aria-live="polite"]')).not.toBeNull();
    const asked = fake.requests.length;
    expect(asked).toBe(3);
    await wait(100);
    expect(fake.requests.length).toBe(asked);
  });

  it('closed: 支付未完成', async () => {
    const fake = fakeFetch({
      'GET /api/public/Pay/PT-1': { data: { status: 'closed', amountCents: 1200, paidAt: null, leaveBefore: null, exited: false } },
    });
    const el = render(<PayResultPage params={params} pollOptions={FAST} />, fake.api);
    await settle();
    expect(byTestId(el, 'result-closed')?.textContent).toContain('支付未完成');
  });

  it('closed says why: cancelled, failed or timed out', async () => {
    for (const [closedReason, words] of [
      ['cancelled', '支付已取消'],
      ['failed', '支付失败'],
      ['expired', '支付超时，已关闭'],
    ]) {
      const fake = fakeFetch({
        'GET /api/public/Pay/PT-1': {
          data: { status: 'closed', amountCents: 1200, paidAt: null, leaveBefore: null, exited: false, closedReason },
        },
      });
      const el = render(<PayResultPage params={params} pollOptions={FAST} />, fake.api);
      await settle();
      expect(byTestId(el, 'result-closed')?.querySelector('.pp-result__reason')?.textContent).toBe(words);
    }
  });

  it('paid but not applied: the operator will refund it, then says it was refunded', async () => {
    const held = {
      status: 'paid',
      amountCents: 1200,
      paidAt: Date.now(),
      leaveBefore: null,
      exited: true,
      applied: false,
      unappliedCents: 700,
    };
    for (const [refunded, words] of [
      [false, '款项已收到，但订单已变更，管理员将原路退款'],
      [true, '未入账的 ¥7.00 已原路退回'],
    ] as const) {
      const fake = fakeFetch({ 'GET /api/public/Pay/PT-1': { data: { ...held, refunded } } });
      const el = render(<PayResultPage params={params} pollOptions={FAST} />, fake.api);
      await settle();
      expect(byTestId(el, 'result-unapplied')?.textContent).toBe(words);
    }
  });

  it('no result within the time: says so, with 重新查询 that asks again', async () => {
    const fake = fakeFetch({ 'GET /api/public/Pay/PT-1': [awaiting, awaiting, awaiting, awaiting, awaiting, awaiting, paid] });
    const el = render(<PayResultPage params={params} pollOptions={{ firstMs: 5, maxMs: 5, giveUpMs: 12 }} />, fake.api);
    await wait(200);
    expect(byTestId(el, 'result-timeout')?.textContent).toContain('暂未收到支付结果');
    const before = fake.requests.length;
    await click(buttonByText(el, '重新查询'));
    await wait(300);
    expect(fake.requests.length).toBeGreaterThan(before);
  });

  it('without a payment number: says so', async () => {
    const el = render(<PayResultPage params={new URLSearchParams()} />);
    expect(byTestId(el, 'failure-message')?.textContent).toBe('缺少支付单号，请重新扫码');
  });
});
