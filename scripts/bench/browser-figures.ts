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

/** gzip bytes of every script and stylesheet the sign-in page loads */
export async function signInBundle(browser: Browser, url: string): Promise<{ bytes: number; files: number }> {
  return bundleOf(browser, url, '#/login', (page) => page.getByRole('button', { name: /登 录|Sign in/ }).waitFor());
}

/** gzip bytes of every script and stylesheet a public page (scan.html, src/public/) loads: the group card search, calling no API */
export async function publicBundle(browser: Browser, url: string): Promise<{ bytes: number; files: number }> {
  return bundleOf(browser, url, 'scan.html#/scanGroupCardQrcode', (page) => page.getByRole('heading', { level: 1 }).waitFor());
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
    if (/\.(js|css)(\?|$)/.test(new URL(res.url()).pathname))
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
