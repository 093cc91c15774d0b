/**
 * Soak of the big screens (not part of `npm test`): a wall left on /dataView for hours, compressed.
 * The server is built in this process with the push's gaps and the simulators' ticks shortened, so
 * a few minutes carry as many updates as hours on a wall (one a second after writes, one per 10 s
 * without); Chromium shows /dataView at 1920×1080 the whole time. Every SOAK_SAMPLE_S seconds it
 * prints the page's JS heap after a forced GC, the server's RSS and heap, the updates pushed so far
 * and the screen channels running, then the growth between the first and the last third.
 *
 *   npx rsbuild build && npx tsx scripts/soak-big-screens.ts
 *   SOAK_MINUTES=20 SOAK_GAP_MS=100 DIST_DIR=dist-live npx tsx scripts/soak-big-screens.ts
 *
 * At SOAK_GAP_MS=100 (ten updates a second) 12 minutes push about what two hours of a busy wall do
 * (7,200 updates). Flat means: the last third's median within a few MB of the first third's.
 */
import { chromium } from '@playwright/test';
import md5 from 'blueimp-md5';
import { buildApp } from '../server/app.ts';
import { openStream } from '../server/live/stream-client.ts';
import { chromiumLaunchOptions } from '../tests/chromium.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 12);
const gapMs = Number(process.env.SOAK_GAP_MS ?? 100);
const sampleS = Number(process.env.SOAK_SAMPLE_S ?? 30);
const distDir = process.env.DIST_DIR ?? 'dist';

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const { app } = await buildApp({
  database: { dataDir: 'memory' },
  distDir,
  seedOrderDays: 2,
  chargingHistoryDays: 1,
  // writes all the time: cars come and go, heartbeats, charging sessions with meter values
  simTrafficMs: 500,
  heartbeatMs: 1000,
  chargingSim: { everyMs: 1000, startPercent: 20, stallMinutes: 10 },
  live: { minGapMs: gapMs, maxGapMs: gapMs * 10 },
  signInLimits: { loopbackFactor: 1000 },
});
const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
const login = await fetch(`${url}/api/oauth/Login`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ account: 'admin', password: md5('admin123'), origin: 'password' }),
});
const token = ((await login.json()) as { data: { token: string } }).data.token;

// a second viewer counts what is pushed (the page is the one measured)
const counter = await openStream(url, 'dataView', token);

const browser = await chromium.launch(chromiumLaunchOptions);
const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
await context.addCookies([{ name: 'parking_token', value: encodeURIComponent(token), url }]);
const page = await context.newPage();
await page.goto(`${url}/#/dataView`);
await page.getByTestId('cars-in-park').filter({ hasText: /\d/ }).waitFor({ timeout: 60_000 });
const cdp = await context.newCDPSession(page);
const pageHeap = async () => {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  return mb((await cdp.send('Runtime.getHeapUsage')).usedSize);
};

console.log(`soak: ${minutes} min, push gap ${gapMs} ms, sample every ${sampleS} s, ${url}`);
console.log('  min   page heap MB   server RSS MB   server heap MB   updates   channels   notice');
const rows: { page: number; rss: number; heap: number }[] = [];
const started = Date.now();
while (Date.now() - started < minutes * 60_000) {
  await new Promise((r) => setTimeout(r, sampleS * 1000));
  global.gc?.();
  const row = { page: await pageHeap(), rss: mb(process.memoryUsage().rss), heap: mb(process.memoryUsage().heapUsed) };
  rows.push(row);
  const notice = (await page.getByTestId('live-notice').count()) > 0 ? 'shown' : '-';
  console.log(
    `${((Date.now() - started) / 60_000).toFixed(1).padStart(5)}   ${String(row.page).padStart(12)}   ${String(row.rss).padStart(13)}   ${String(row.heap).padStart(14)}   ${String(counter.updates).padStart(7)}   ${String(app.liveHub.size).padStart(8)}   ${notice}`,
  );
}

const third = Math.max(1, Math.floor(rows.length / 3));
const growth = (k: 'page' | 'rss' | 'heap') =>
  Math.round((median(rows.slice(-third).map((r) => r[k])) - median(rows.slice(0, third).map((r) => r[k]))) * 10) / 10;
console.log(
  `growth, last third vs first (median): page heap ${growth('page')} MB, server RSS ${growth('rss')} MB, server heap ${growth('heap')} MB; ${counter.updates} updates`,
);

counter.close();
await browser.close();
await app.close();
process.exit(0);
