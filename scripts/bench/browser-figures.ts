import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { freshContext, markStart, waitForRows } from './browser';

/** The browser figures of the bench: sign-in bundle, cold load and first opens against the bare floor, heap. */

export const FIRST_SCREEN = 'parking/parkingAdmin';
/** the screens opened after the first one ("later first opens") */
export const LATER_SCREENS = [
  'parking/parkingArea',
  'parking/parkingLane',
  'parking/parkingSpace',
  'system/user',
  'system/role',
  'system/menu',
];
/** the screens the heap figure cycles through */
export const HEAP_SCREENS = ['parking/parkingAdmin', 'parking/parkingArea', 'parking/parkingLane', 'parking/parkingSpace', 'system/user'];

/** gzip bytes of the sign-in page and every script and stylesheet it loads */
export async function signInBundle(browser: Browser, url: string): Promise<{ bytes: number; files: number }> {
  return bundleOf(browser, url, '#/login', (page) => page.getByRole('button', { name: /登 录|Sign in/ }).waitFor());
}

/** gzip bytes of a public page (scan.html, src/public/) and every script and stylesheet it loads: the group card search, calling no API */
export async function publicBundle(browser: Browser, url: string): Promise<{ bytes: number; files: number }> {
  return bundleOf(browser, url, 'scan.html#/scanGroupCardQrcode', (page) => page.getByRole('heading', { level: 1 }).waitFor());
}

/**
 * The bill page (scan.html#/scanQRcode) with a car at the barrier: a temporary car long in a lot
 * with a valid exit-lane code, driven up to that lane (模拟到达) through the API. Answers the page's
 * address (relative to the server's root).
 */
export async function billAddress(url: string, token: string): Promise<string> {
  const api = async (path: string, init?: RequestInit) => {
    const res = await fetch(new URL(path, url), { ...init, headers: { Authorization: token, 'Content-Type': 'application/json' } });
    const body = (await res.json()) as { code: number; msg: string; data: { list: Record<string, unknown>[] } };
    if (body.code !== 200) throw new Error(`${path}: ${body.msg}`);
    return body.data;
  };
  const lanes = (await api('/api/system/ParkingLane?direction=2&qrStatus=1&pageSize=500')).list as { id: string; parkingId: string }[];
  const cars = (await api('/api/order/ParkingOrder?state=0&carClass=1&pageSize=500')).list as {
    plateNo: string;
    parkingId: string;
    entryTime: number;
  }[];
  const car = cars.find((o) => lanes.some((l) => l.parkingId === o.parkingId) && Number(o.entryTime) < Date.now() - 3_600_000);
  if (!car) throw new Error('no temporary car in a lot with an exit lane');
  const lane = lanes.filter((l) => l.parkingId === car.parkingId).at(-1)!;
  await api(`/api/system/ParkingLane/${lane.id}/Actions/Arrive`, { method: 'POST', body: JSON.stringify({ plateNo: car.plateNo }) });
  return `scan.html#/scanQRcode?parkingId=${encodeURIComponent(lane.parkingId)}&laneId=${encodeURIComponent(lane.id)}`;
}

/** gzip bytes of the bill page (the scan-to-exit page, a car at the barrier) and every script and stylesheet it loads */
export async function billBundle(browser: Browser, url: string, address: string): Promise<{ bytes: number; files: number }> {
  return bundleOf(browser, url, address, (page) => page.getByTestId('plate').waitFor());
}

/**
 * Chromium DevTools' "Slow 4G" preset (devtools-frontend, core/sdk/NetworkManager.ts Slow4GConditions:
 * 150 ms target RTT × 3.75, 1.6 Mbps × 0.9 down, 750 kbps × 0.9 up), as CDP
 * Network.emulateNetworkConditions takes it: bytes per second.
 */
export const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 } as const;

/**
 * ms from navigation start to the frame that shows the bill's plate, from a cold cache (a fresh
 * context, the cache disabled) on a phone-sized page throttled to Slow 4G.
 */
export async function billOnSlow4g(browser: Browser, url: string, address: string): Promise<number> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 375, height: 667 }, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await page.goto(`${url}${address}`, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const plate = document.querySelector('[data-testid="plate"]');
      return plate && plate.textContent ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const ms = (await handle.jsonValue()) as number;
  await context.close();
  return ms;
}

async function bundleOf(
  browser: Browser,
  url: string,
  address: string,
  ready: (page: Page) => Promise<void>,
): Promise<{ bytes: number; files: number }> {
  const context = await freshContext(browser, url);
  const page = await context.newPage();
  const bodies: Promise<number>[] = [];
  page.on('response', (res) => {
    // the page itself too: scan.html carries its own chunk's script and style inline
    if (/\.(js|css)(\?|$)/.test(new URL(res.url()).pathname) || res.request().resourceType() === 'document')
      bodies.push(
        res.body().then(
          (b) => gzipSync(b).length,
          () => 0,
        ),
      );
  });
  await page.goto(`${url}${address}`, { waitUntil: 'networkidle' });
  await ready(page);
  const sizes = await Promise.all(bodies);
  await context.close();
  return { bytes: sizes.reduce((a, b) => a + b, 0), files: sizes.length };
}

/** ms from navigation start to 10 rows of 停车场管理: the console, then the bare floor, in fresh contexts */
export async function coldLoad(browser: Browser, url: string, token: string, bare: boolean): Promise<number> {
  const context = await freshContext(browser, url, token);
  const page = await context.newPage();
  await page.goto(bare ? `${url}bench-bare.html#cold=${FIRST_SCREEN}` : `${url}#/${FIRST_SCREEN}`);
  const { ms } = await waitForRows(page, 10);
  await context.close();
  return ms;
}

async function signInThroughForm(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#/login`);
  await page.getByLabel(/账号|Account/).fill('admin');
  await page.getByLabel(/^密码$|Password/).fill('admin123');
  await page.getByRole('button', { name: /登 录|Sign in/ }).click();
  await page.getByTestId('navbar-user').filter({ hasText: /\S/ }).waitFor();
}

export interface FirstOpens {
  first: number;
  /** per later screen: total ms and the ms with an API call in flight */
  later: { screen: string; ms: number; apiMs: number }[];
}

/** Signs in through the form, opens 停车场管理 from the (idle) dashboard, then each later screen for the first time. */
export async function firstOpens(browser: Browser, url: string): Promise<FirstOpens> {
  const context = await freshContext(browser, url);
  const page = await context.newPage();
  await signInThroughForm(page, url);
  await page.waitForLoadState('networkidle');
  await markStart(page, { hash: `/${FIRST_SCREEN}` });
  const first = (await waitForRows(page, 10)).ms;
  const later: FirstOpens['later'] = [];
  for (const screen of LATER_SCREENS) {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(200);
    await markStart(page, { hash: `/${screen}` });
    later.push({ screen, ...(await waitForRows(page, 1)) });
  }
  await context.close();
  return { first, later };
}

/** The floor of a first open: the bare page is loaded, amis is not; a click renders the screen. */
export async function bareFirstOpen(browser: Browser, url: string, token: string): Promise<number> {
  const context = await freshContext(browser, url, token);
  const page = await context.newPage();
  await page.goto(`${url}bench-bare.html#click=${FIRST_SCREEN}`, { waitUntil: 'networkidle' });
  await page.locator('#bench-open').waitFor();
  await markStart(page, { click: '#bench-open' });
  const { ms } = await waitForRows(page, 10);
  await context.close();
  return ms;
}

/** MB of JS heap after a forced GC: after `warmup` open/close cycles, and the growth over the rest of `cycles` */
export async function heapGrowth(browser: Browser, url: string, token: string, cycles = 100, warmup = 10): Promise<number> {
  const context = await freshContext(browser, url, token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const heapAfterGc = async () => {
    for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize / 1024 / 1024;
  };
  await page.goto(`${url}#/dashboard`);
  await page.getByTestId('navbar-user').filter({ hasText: /\S/ }).waitFor();
  let base = 0;
  for (let k = 0; k < cycles; k++) {
    if (k === warmup) base = await heapAfterGc();
    const path = `/${HEAP_SCREENS[k % HEAP_SCREENS.length]}`;
    await markStart(page, { hash: path });
    await waitForRows(page, 1);
    await page.locator(`.pc-tags__item[data-path="${path}"]`).getByRole('button', { name: '关闭' }).click();
    await page.locator(`.pc-tags__item[data-path="${path}"]`).waitFor({ state: 'detached' });
  }
  const after = await heapAfterGc();
  await context.close();
  return after - base;
}
