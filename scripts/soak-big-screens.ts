/**
 * Soak of the big screens (not part of `npm test`): a wall left on /dataView for hours, compressed.
 * The server is built in this process with the push's gaps and the simulators' ticks (traffic,
 * heartbeats, charging) shortened to SOAK_GAP_MS, so every gap has writes and pushes an update:
 * SOAK_UPDATES updates (default 7,200: two hours of a wall at one update a second) arrive in
 * SOAK_UPDATES × SOAK_GAP_MS. Chromium shows /dataView at 1920×1080 the whole time. Every
 * SOAK_SAMPLE_S seconds it prints the page's JS heap after a forced GC, the server's RSS and heap
 * (after a forced GC too, hence --expose-gc), the updates pushed so far and the screen channels
 * running. At the end it compares the medians of the last quarter of the samples with the first
 * quarter's and exits 1 when the page heap grew by more than SOAK_MAX_PAGE_MB (default 5 MB) or
 * the server's RSS by more than SOAK_MAX_RSS_MB (default 40 MB; on PGlite, whose database lives in
 * the server's RSS, the server's JS heap), or when the updates stop coming.
 *
 *   DIST_DIR=dist npx rsbuild build && node --expose-gc --import tsx scripts/soak-big-screens.ts
 *   SOAK_UPDATES=7200 SOAK_GAP_MS=100 DIST_DIR=dist-live node --expose-gc --import tsx scripts/soak-big-screens.ts
 *
 * At SOAK_GAP_MS=100 (ten updates a second) the default 7,200 updates take about 12 minutes, when
 * the machine keeps up. With DATABASE_URL (an empty PostgreSQL database: migrated and seeded here)
 * the server's RSS is the server's alone; without it the database is PGlite in memory inside this
 * process and the RSS holds that database too ("db MB" is pg_database_size either way).
 */
import { chromium } from '@playwright/test';
import md5 from 'blueimp-md5';
import { buildApp } from '../server/app.ts';
import { openStream } from '../server/live/stream-client.ts';
import { chromiumLaunchOptions } from '../tests/chromium.ts';

const targetUpdates = Number(process.env.SOAK_UPDATES ?? 7200);
const gapMs = Number(process.env.SOAK_GAP_MS ?? 100);
const sampleS = Number(process.env.SOAK_SAMPLE_S ?? 30);
const maxPageMb = Number(process.env.SOAK_MAX_PAGE_MB ?? 5);
const maxRssMb = Number(process.env.SOAK_MAX_RSS_MB ?? 40);
const distDir = process.env.DIST_DIR ?? 'dist';

if (typeof global.gc !== 'function') {
  console.error('soak: run under `node --expose-gc --import tsx scripts/soak-big-screens.ts` (the server heap is measured after a GC)');
  process.exit(2);
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const { app, db } = await buildApp({
  database: process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory' },
  distDir,
  seedOrderDays: 2,
  chargingHistoryDays: 1,
  // writes every gap: cars come and go, heartbeats, charging sessions with meter values
  simTrafficMs: gapMs,
  heartbeatMs: gapMs,
  chargingSim: { everyMs: gapMs, startPercent: 20, stallMinutes: 10 },
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

console.log(`soak: to ${targetUpdates} updates, push and simulator gap ${gapMs} ms, sample every ${sampleS} s, ${db.kind}, ${url}`);
console.log(`  min   page heap MB   server RSS MB   server heap MB   db MB   updates   channels   notice`);
const dbMb = async () => mb(Number((await db.query<{ n: string }>('select pg_database_size(current_database()) as n')).rows[0].n));
const rows: { page: number; rss: number; heap: number }[] = [];
const started = Date.now();
let stalled = false;
let lastUpdates = -1;
while (counter.updates < targetUpdates) {
  await new Promise((r) => setTimeout(r, sampleS * 1000));
  global.gc!();
  const row = { page: await pageHeap(), rss: mb(process.memoryUsage().rss), heap: mb(process.memoryUsage().heapUsed) };
  rows.push(row);
  const notice = (await page.getByTestId('live-notice').count()) > 0 ? 'shown' : '-';
  console.log(
    `${((Date.now() - started) / 60_000).toFixed(1).padStart(5)}   ${String(row.page).padStart(12)}   ${String(row.rss).padStart(13)}   ${String(row.heap).padStart(14)}   ${String(await dbMb()).padStart(5)}   ${String(counter.updates).padStart(7)}   ${String(app.liveHub.size).padStart(8)}   ${notice}`,
  );
  // nothing pushed in a whole sample: the soak measures nothing more
  if (counter.updates === lastUpdates) {
    stalled = true;
    break;
  }
  lastUpdates = counter.updates;
}

const quarter = Math.max(1, Math.floor(rows.length / 4));
const growth = (k: 'page' | 'rss' | 'heap') =>
  Math.round((median(rows.slice(-quarter).map((r) => r[k])) - median(rows.slice(0, quarter).map((r) => r[k]))) * 10) / 10;
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `growth, last quarter vs first (median of ${quarter} samples each): page heap ${growth('page')} MB (bound ${maxPageMb}), ` +
    `server RSS ${growth('rss')} MB (bound ${maxRssMb}), server heap ${growth('heap')} MB; ${counter.updates} updates in ${minutes} min`,
);
const failures = [
  stalled && `no update was pushed for ${sampleS} s`,
  rows.length < 4 && `only ${rows.length} samples: lower SOAK_SAMPLE_S or raise SOAK_UPDATES`,
  growth('page') > maxPageMb && `the page heap grew by ${growth('page')} MB (> ${maxPageMb})`,
  // on PGlite the RSS holds the in-memory database too: the server's own share is its JS heap
  db.kind === 'postgres'
    ? growth('rss') > maxRssMb && `the server RSS grew by ${growth('rss')} MB (> ${maxRssMb})`
    : growth('heap') > maxRssMb && `the server heap grew by ${growth('heap')} MB (> ${maxRssMb}; on PGlite the RSS holds the database)`,
].filter(Boolean);
for (const f of failures) console.error(`soak FAILED: ${f}`);
if (!failures.length) console.log('soak passed');

counter.close();
await browser.close();
await app.close();
process.exit(failures.length ? 1 : 0);
