// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ScanPage } from './bill-pages';
import { billOf, buttonByText, byTestId, click, fakeFetch, render, settle } from '../test-kit';

/** Unplated cars: the entry lane's code hands out an entry pass; the exit lane's code sends it. */

const PASS = 'ab'.repeat(16);
const ENTRY = new URLSearchParams('parkingId=p-1&laneId=l-in');
const EXIT = new URLSearchParams('parkingId=p-1&laneId=l-out');

afterEach(() => localStorage.clear());

describe('an unplated car at the entry lane', () => {
  it('offers the pass; taking it opens the stay, keeps the pass on the phone and says to drive in', async () => {
    const fake = fakeFetch({
      'GET /api/public/Scan/Lane': { data: billOf('entry', { order: null, dueCents: 0 }) },
      'POST /api/public/Scan/Enter': { data: { token: PASS, orderNo: 'P1', entryTime: Date.now(), lotName: '停车场', laneName: '入口' } },
    });
    const el = render(<ScanPage params={ENTRY} />, fake.api);
    await settle();
    expect(el.querySelector('h1')?.textContent).toBe('无牌车入场');
    await click(buttonByText(el, '领取凭证并入场'));
    const sent = fake.requests.find((r) => r.path === '/api/public/Scan/Enter')!;
    expect(sent.body).toEqual({ parkingId: 'p-1', laneId: 'l-in' });
    expect(sent.headers['Idempotency-Key']).toBeTruthy();
    expect(byTestId(el, 'entry-done')?.textContent).toContain('道闸已开启，请入场');
    expect(localStorage.getItem('pp-passport:p-1')).toBe(PASS);
  });

  it('a lost answer is asked again under the same key; after a refusal a new press is a new request', async () => {
    const fake = fakeFetch({
      'GET /api/public/Scan/Lane': { data: billOf('entry', { order: null, dueCents: 0 }) },
      'POST /api/public/Scan/Enter': [
        'offline',
        { code: 400, msg: '入口道闸前没有待入场的无牌车，请将车辆驶至道闸前再扫码' },
        { data: { token: PASS, orderNo: 'P1', entryTime: Date.now(), lotName: '停车场', laneName: '入口' } },
      ],
    });
    const el = render(<ScanPage params={ENTRY} />, fake.api);
    await settle();
    await click(buttonByText(el, '领取凭证并入场'));
    await click(buttonByText(el, '领取凭证并入场'));
    expect(el.querySelector('[role="alert"]')?.textContent).toBe('入口道闸前没有待入场的无牌车，请将车辆驶至道闸前再扫码');
    expect(localStorage.getItem('pp-passport:p-1')).toBeNull();
    await click(buttonByText(el, '领取凭证并入场'));
    const keys = fake.requests.filter((r) => r.method === 'POST').map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(localStorage.getItem('pp-passport:p-1')).toBe(PASS);
  });
});

describe('an unplated car at the exit lane', () => {
  it('the exit code sends this phone’s pass of that lot', async () => {
    localStorage.setItem('pp-passport:p-1', PASS);
    const fake = fakeFetch({ 'GET /api/public/Scan/Lane': { data: billOf('bill') } });
    render(<ScanPage params={EXIT} />, fake.api);
    await settle();
    expect(fake.requests[0].query.get('passport')).toBe(PASS);
  });

  it('without a pass that names the car, it asks for the phone that scanned in, not an error', async () => {
    const fake = fakeFetch({ 'GET /api/public/Scan/Lane': { data: billOf('unplated', { order: null, dueCents: 0 }) } });
    const el = render(<ScanPage params={EXIT} />, fake.api);
    await settle();
    expect(fake.requests[0].query.get('passport')).toBeNull();
    expect(byTestId(el, 'bill-unplated')).not.toBeNull();
    expect(el.querySelector('h1')?.textContent).toBe('无牌车请用入场时扫码的手机扫码出场');
    expect(el.querySelector('[role="alert"]')).toBeNull();
    expect(byTestId(el, 'pay-button')).toBeNull();
  });
});
