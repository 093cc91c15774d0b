// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ScanPayPage } from './scan-pay-page';
import { byTestId, click, fakeFetch, render, settle } from '../test-kit';

const status = (s: string) => ({ data: { status: s, amountCents: 1700, paidAt: null, leaveBefore: null, exited: false, applied: true } });

describe("/scanPay: the customer's phone, from the collector's dynamic QR", () => {
  it('shows the amount, confirms in the simulated wallet, then goes to /payResult', async () => {
    window.location.hash = '#/scanPay?outTradeNo=PP12345678';
    const fake = fakeFetch({
      'GET /api/public/Pay/PP12345678': status('awaiting'),
      'POST /api/public/PaySim/Confirm': { data: { amountCents: 1700 } },
    });
    const el = render(<ScanPayPage params={new URLSearchParams('outTradeNo=PP12345678')} />, fake.api);
    await settle();
    expect(el.querySelector('h1')?.textContent).toBe('模拟支付：确认支付 ¥17.00');
    await click(byTestId(el, 'wallet-confirm')!);
    expect(fake.requests[1].body).toEqual({ outTradeNo: 'PP12345678' });
    expect(window.location.hash).toBe('#/payResult?outTradeNo=PP12345678');
  });

  it('a payment already made goes straight to its result', async () => {
    window.location.hash = '#/scanPay?outTradeNo=PP12345678';
    const fake = fakeFetch({ 'GET /api/public/Pay/PP12345678': status('paid') });
    render(<ScanPayPage params={new URLSearchParams('outTradeNo=PP12345678')} />, fake.api);
    await settle();
    expect(window.location.hash).toBe('#/payResult?outTradeNo=PP12345678');
  });
});
