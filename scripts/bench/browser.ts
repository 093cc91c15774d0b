import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../tests/chromium.ts';
import { TOKEN_COOKIE } from '../../domain/auth-cookie-name.ts';

/** Debian's Chromium, with the e2e tests' flags; one browser, a fresh context (empty cache) per run. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}

export async function freshContext(browser: Browser, url: string, token?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  if (token) await context.addCookies([{ name: TOKEN_COOKIE, value: encodeURIComponent(token), url }]);
  return context;
}

/** Marks the start of a measured action inside the page (its own clock), then acts: a hash change (as a sidebar link does) or a click. */
export async function markStart(page: Page, action: { hash: string } | { click: string }): Promise<void> {
  await page.evaluate((act) => {
    (window as unknown as { __benchT0: number }).__benchT0 = performance.now();
    if ('hash' in act) window.location.hash = act.hash;
    else (document.querySelector(act.click) as HTMLElement).click();
  }, action);
}

export interface Painted {
  /** ms from the mark (or from navigation start) to the frame that has the rows */
  ms: number;
  /** ms of that window during which at least one /api request was in flight */
  apiMs: number;
}

/**
 * Waits, frame by frame, until a visible amis table has `rows` body rows, and answers the time since
 * the mark (or since navigation start when there is no mark) and the API share of that window.
 */
export async function waitForRows(page: Page, rows: number, timeoutMs = 60_000): Promise<Painted> {
  const handle = await page.waitForFunction(
    (wanted) => {
      const visible = [...document.querySelectorAll('.cxd-Table-table > tbody')].find((b) => (b as HTMLElement).offsetParent !== null);
      const count = visible ? visible.querySelectorAll(':scope > tr:not(.cxd-Table-placeholder)').length : 0;
      if (count < wanted) return false;
      const t0 = (window as unknown as { __benchT0?: number }).__benchT0 ?? 0;
      const t1 = performance.now();
      const spans = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.name.includes('/api/'))
        .map((e) => [Math.max(e.startTime, t0), Math.min(e.responseEnd, t1)] as const)
        .filter(([a, b]) => b > a)
        .sort((x, y) => x[0] - y[0]);
      let apiMs = 0;
      let end = t0;
      for (const [a, b] of spans) {
        if (b <= end) continue;
        apiMs += b - Math.max(a, end);
        end = b;
      }
      return { ms: t1 - t0, apiMs };
    },
    rows,
    { polling: 'raf', timeout: timeoutMs },
  );
  return (await handle.jsonValue()) as Painted;
}
