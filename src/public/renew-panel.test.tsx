// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { OrderPage } from './pages/bill-pages';
import { billOf, buttonByText, byTestId, click, fakeFetch, render, settle } from './test-kit';
import { act } from 'react';

/** 续费 on a card holder's bill: the quote for the periods chosen, then a payment of the renewal. */

const quote = (periods: number) => ({
  cardNo: 'MC-1',
  startDate: '2026-02-01',
  endDate: periods === 1 ? '2026-02-28' : '2026-03-31',
  periods,
  amountCents: 25000 * periods,
  maxPeriods: 6,
  note: '',
});

async function openRenewal() {
  const fake = fakeFetch({
    'GET /api/public/Scan/Order': { data: billOf('card') },
    'GET /api/public/Card/Renewal': (req) => ({ data: quote(Number(req.query.get('periods'))) }),
    'POST /api/public/Card/Renew': { data: { outTradeNo: 'PPRENEW1', amountCents: 50000 } },
  });
  const el = render(<OrderPage params={new URLSearchParams('token=tok-1')} />, fake.api);
  await settle();
  await click(byTestId(el, 'card-renew')!);
  return { el, fake };
}

describe('renewing a monthly card from the bill', () => {
  it('shows the desk’s quote for the periods chosen, and asks again when they change', async () => {
    const { el, fake } = await openRenewal();
    expect(byTestId(el, 'renew-quote')?.textContent).toContain('2026-02-01 ~ 2026-02-28');
    expect(byTestId(el, 'pay-button')?.textContent).toBe('支付 ¥250.00');
    const select = byTestId(el, 'renew-periods') as HTMLSelectElement;
    await act(async () => {
      select.value = '2';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    const asked = fake.requests.filter((r) => r.path === '/api/public/Card/Renewal').map((r) => r.query.get('periods'));
    expect(asked).toEqual(['1', '2']);
    expect(byTestId(el, 'pay-button')?.textContent).toBe('支付 ¥500.00');
  });

  it('支付 asks for a renewal payment of the periods shown, with a key, and opens the wallet', async () => {
    const { el, fake } = await openRenewal();
    await click(buttonByText(el, '支付 ¥250.00'));
    const sent = fake.requests.find((r) => r.path === '/api/public/Card/Renew')!;
    expect(sent.body).toEqual({ token: 'tok-1', channel: 1, periods: 1 });
    expect(sent.headers['Idempotency-Key']).toBeTruthy();
    expect(fake.requests.some((r) => r.path === '/api/public/Pay')).toBe(false);
    expect(byTestId(document.body, 'wallet-sheet')).not.toBeNull();
  });
});
