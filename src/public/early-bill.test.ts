import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from './api';
import { EARLY_BILL_SCRIPT, type EarlyCall, takeEarly } from './early-bill';

/** Runs scan.html's inline script at `hash`; answers the call it started (or none) and what it fetched. */
function runScript(hash: string, stored: Record<string, string> = {}): { early?: EarlyCall; fetched: string[] } {
  const win: { __earlyBill?: EarlyCall } = {};
  const fetched: string[] = [];
  const fakeFetch = (url: string) => {
    fetched.push(url);
    return Promise.resolve(new Response(JSON.stringify({ code: 200, msg: '', data: { early: url } })));
  };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  new Function('location', 'window', 'fetch', 'localStorage', EARLY_BILL_SCRIPT)({ hash }, win, fakeFetch, localStorage);
  return { early: win.__earlyBill, fetched };
}

/** The address the page's own call asks for. */
async function pageCall(call: (api: ReturnType<typeof createApi>) => Promise<unknown>): Promise<string> {
  const asked: string[] = [];
  await call(
    createApi(async (url) => {
      asked.push(url);
      return new Response(JSON.stringify({ code: 200, msg: '', data: {} }));
    }),
  );
  return asked[0];
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("scan.html's early bill call (early-bill.ts)", () => {
  it('asks for the very address the page will: a lane, a space, an order, query and encoding alike', async () => {
    const cases: [string, (api: ReturnType<typeof createApi>) => Promise<unknown>][] = [
      ['#/scanQRcode?parkingId=p-ns-kjy-01&laneId=l-ns-kjy-01-2', (api) => api.laneBill('p-ns-kjy-01', 'l-ns-kjy-01-2')],
      ['#/scanQRcode?laneId=l%20x&parkingId=p%2F1', (api) => api.laneBill('p/1', 'l x')],
      ['#/scanQRcode?parkingId=p-1&spaceId=s-9', (api) => api.spaceBill('p-1', 's-9')],
      ['#/orderInfoByQRcode?token=0123456789abcdef0123456789abcdef', (api) => api.orderBill('0123456789abcdef0123456789abcdef')],
    ];
    for (const [hash, call] of cases) {
      const { early, fetched } = runScript(hash);
      expect(fetched, hash).toHaveLength(1);
      expect(early?.url, hash).toBe(await pageCall(call));
    }
  });

  it('at a lane, sends the entry pass this phone keeps for the lot, as the page does', async () => {
    const pass = 'ab'.repeat(16);
    const { early } = runScript('#/scanQRcode?parkingId=p-1&laneId=l-out', { 'pp-passport:p-1': pass, 'pp-passport:p-2': 'cd'.repeat(16) });
    expect(early?.url).toBe(await pageCall((api) => api.laneBill('p-1', 'l-out', pass)));
    expect(early?.url).toContain(`passport=${pass}`);
    // a pass that is no token is not sent
    expect(runScript('#/scanQRcode?parkingId=p-1&laneId=l-out', { 'pp-passport:p-1': 'x' }).early?.url).not.toContain('passport');
  });

  it('asks nothing for other pages or a code that names nothing', () => {
    for (const hash of ['', '#/', '#/pdaScanQrcode', '#/groupCardInfo?cardNo=TT1', '#/scanQRcode?laneId=l-1', '#/orderInfoByQRcode'])
      expect(runScript(hash).fetched, hash).toEqual([]);
  });

  it('the page’s first call of that address takes the answer; a reload asks the server', async () => {
    const { early } = runScript('#/scanQRcode?parkingId=p-1&laneId=l-1');
    vi.stubGlobal('window', { __earlyBill: early });
    const asked: string[] = [];
    const api = createApi(async (url) => {
      asked.push(url);
      return new Response(JSON.stringify({ code: 200, msg: '', data: { fresh: true } }));
    });
    expect(await api.laneBill('p-1', 'l-1')).toEqual({ early: '/api/public/Scan/Lane?parkingId=p-1&laneId=l-1' });
    expect(asked).toEqual([]);
    expect(await api.laneBill('p-1', 'l-1')).toEqual({ fresh: true });
    expect(asked).toHaveLength(1);
  });

  it('another address leaves the early answer alone; one that got no answer is asked again', async () => {
    const win: { __earlyBill?: EarlyCall } = { __earlyBill: { url: '/a', response: Promise.reject(new TypeError('offline')) } };
    const fallback = vi.fn(async () => new Response('{}'));
    expect(takeEarly('/b', fallback, win)).toBeNull();
    expect(win.__earlyBill).toBeDefined();
    await expect(takeEarly('/a', fallback, win)).resolves.toBeInstanceOf(Response);
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(win.__earlyBill).toBeUndefined();
    expect(takeEarly('/a', fallback, win)).toBeNull();
  });
});
