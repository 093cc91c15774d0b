// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { PayPanel } from './pay';
import { buttonByText, byTestId, click, fakeFetch, render } from './test-kit';

const STARTED = { data: { outTradeNo: 'PT-1', amountCents: 1200, expiresAt: Date.now() + 600_000 } };

describe('支付: the payment, the simulated wallet, then the result page', () => {
  beforeEach(() => {
    window.location.hash = '#/scanQRcode?parkingId=p-1&laneId=l-1';
  });

  it('posts the order token and channel with an Idempotency-Key, shows the wallet sheet, confirms, goes to /payResult', async () => {
    const fake = fakeFetch({ 'POST /api/public/Pay': STARTED, 'POST /api/public/PaySim/Confirm': { data: null } });
    const el = render(<PayPanel token="tok-1" dueCents={1200} />, fake.api);
    await click(byTestId(el, 'pay-button')!);
    const pay = fake.requests[0];
    expect(pay.body).toEqual({ token: 'tok-1', channel: 1 });
    expect(pay.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const sheet = byTestId(el, 'wallet-sheet')!;
    expect(sheet.getAttribute('role')).toBe('dialog');
    expect(sheet.textContent).toContain('模拟微信支付：确认支付 ¥12.00');
    expect(document.activeElement).toBe(byTestId(el, 'wallet-confirm'));
    await click(byTestId(el, 'wallet-confirm')!);
    expect(fake.requests[1].path).toBe('/api/public/PaySim/Confirm');
    expect(fake.requests[1].body).toEqual({ outTradeNo: 'PT-1' });
    expect(window.location.hash).toBe('#/payResult?outTradeNo=PT-1');
  });

  it('a retry of the same click sends the same key; another channel, a new one', async () => {
    const fake = fakeFetch({ 'POST /api/public/Pay': ['offline', STARTED, STARTED], 'POST /api/public/PaySim/Cancel': { data: null } });
    const el = render(<PayPanel token="tok-1" dueCents={1200} />, fake.api);
    await click(byTestId(el, 'pay-button')!);
    expect(byTestId(el, 'pay-error')?.textContent).toBe('网络连接失败，请检查网络后重试');
    expect(byTestId(el, 'pay-button')?.textContent).toBe('重试');
    await click(byTestId(el, 'pay-button')!);
    const [first, retry] = fake.requests;
    expect(retry.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
    expect(byTestId(el, 'wallet-sheet')).not.toBeNull();

    await click(buttonByText(el, '取消'));
    expect(byTestId(el, 'wallet-sheet')).toBeNull();
    const alipay = el.querySelector<HTMLInputElement>('input[value="2"]')!;
    await click(alipay);
    await click(byTestId(el, 'pay-button')!);
    expect(fake.requests[3].body).toEqual({ token: 'tok-1', channel: 2 });
    expect(fake.requests[3].headers['Idempotency-Key']).not.toBe(first.headers['Idempotency-Key']);
    expect(byTestId(el, 'wallet-sheet')?.textContent).toContain('模拟支付宝支付：确认支付 ¥12.00');
  });

  it('取消 closes the payment on the server; paying again starts a new one under a new key', async () => {
    const fake = fakeFetch({ 'POST /api/public/Pay': STARTED, 'POST /api/public/PaySim/Cancel': { data: null } });
    const el = render(<PayPanel token="tok-1" dueCents={1200} />, fake.api);
    await click(byTestId(el, 'pay-button')!);
    await click(buttonByText(el, '取消'));
    expect(fake.requests[1]).toMatchObject({ method: 'POST', path: '/api/public/PaySim/Cancel', body: { outTradeNo: 'PT-1' } });
    expect(byTestId(el, 'wallet-sheet')).toBeNull();
    await click(byTestId(el, 'pay-button')!);
    expect(fake.requests[2].headers['Idempotency-Key']).not.toBe(fake.requests[0].headers['Idempotency-Key']);
  });

  it('支付失败 closes the payment as failed and shows the result page', async () => {
    const fake = fakeFetch({ 'POST /api/public/Pay': STARTED, 'POST /api/public/PaySim/Fail': { data: null } });
    const el = render(<PayPanel token="tok-1" dueCents={1200} />, fake.api);
    await click(byTestId(el, 'pay-button')!);
    await click(byTestId(el, 'wallet-fail')!);
    expect(fake.requests[1]).toMatchObject({ method: 'POST', path: '/api/public/PaySim/Fail', body: { outTradeNo: 'PT-1' } });
    expect(window.location.hash).toBe('#/payResult?outTradeNo=PT-1');
  });

  it('a cancel the server refuses (the wallet already paid) stays on the sheet with its words', async () => {
    const fake = fakeFetch({
      'POST /api/public/Pay': STARTED,
      'POST /api/public/PaySim/Cancel': { code: 400, msg: '钱包已扣款，正在确认支付结果，不能关闭' },
    });
    const el = render(<PayPanel token="tok-1" dueCents={1200} />, fake.api);
    await click(byTestId(el, 'pay-button')!);
    await click(buttonByText(el, '取消'));
    expect(byTestId(el, 'wallet-sheet')?.textContent).toContain('钱包已扣款，正在确认支付结果，不能关闭');
  });

  it("a refused payment shows the server's words", async () => {
    const fake = fakeFetch({ 'POST /api/public/Pay': { code: 429, msg: '操作过于频繁，请稍后再试', status: 429 } });
    const el = render(<PayPanel token="tok-1" dueCents={1200} />, fake.api);
    await click(byTestId(el, 'pay-button')!);
    expect(byTestId(el, 'pay-error')?.textContent).toBe('操作过于频繁，请稍后再试');
    expect(byTestId(el, 'wallet-sheet')).toBeNull();
  });
});
