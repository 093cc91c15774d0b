import { spawnSync } from 'node:child_process';
import { launchBrowser } from './browser';
import {
  SLOW_4G,
  bareFirstOpen,
  billAddress,
  billBundle,
  billOnSlow4g,
  coldLoad,
  firstOpens,
  heapGrowth,
  publicBundle,
  signInBundle,
} from './browser-figures';
import { LIST_APIS, loadList } from './api-load';
import { startBenchServer, signInToken, type BenchServer } from './server';
import { formatSummary, printTable, summarize, type FigureRow } from './stats';
import {
  FINANCE_SCRIPT,
  MONEY_LISTS_SCRIPT,
  ORDER_LIST_SCRIPT,
  checkPagesSeconds,
  freshStartSeconds,
  runFigureScript,
} from './tools-figures';

/**
 * `npm run bench`: builds the console with the bare-amis floor (BENCH=1), starts the reference server
 * with demo data, and prints each figure of issue 15 beside its budget as min / median / max of
 * BENCH_RUNS runs, console and floor interleaved. Not part of `npm test`: budgets live here.
 *
 * BENCH_RUNS (default 5), BENCH_SKIP_BUILD=1 (reuse dist-bench/, or BENCH_DIST), BENCH_ONLY=bundle,slow4g,cold,open,heap,api,start,pages,money,orders,finance,
 * BENCH_ORDERS=0 (skip the order list, whose 1,000,000 orders take a while), DATABASE_URL (also the
 * API figures on PostgreSQL with two server instances).
 */

const RUNS = Number(process.env.BENCH_RUNS || 5);
// BENCH_DIST: a folder of one's own when several people bench one checkout
const DIST = process.env.BENCH_DIST || 'dist-bench';
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const wants = (section: string) =>
  (!ONLY || ONLY.has(section)) && !(['orders', 'finance'].includes(section) && process.env.BENCH_ORDERS === '0');

/** Non-API time of a later first open before this work (median over screens and runs, ms, measured by this bench at 801c054 on the shared 2-core machine), for "rendering work halved". */
const LATER_RENDER_BEFORE_MS = 1736;

const rows: FigureRow[] = [];
const push = (row: FigureRow) => {
  rows.push(row);
  log(`${row.figure}: ${row.value} (budget ${row.budget})${row.note ? ` — ${row.note}` : ''}`);
};
/** a section that fails is reported in the table; the others still run */
async function section(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (e) {
    log(`${name} failed: ${e instanceof Error ? e.message : String(e)}`);
    push({ figure: name, value: 'failed', budget: '–', met: false, note: e instanceof Error ? e.message.split('\n')[0] : String(e) });
  }
}
const range = (values: number[], digits: number, unit = '') => formatSummary(summarize(values), digits, unit);
const med = (values: number[]) => summarize(values).median;
const log = (msg: string) => console.error(`[bench] ${msg}`);

function build(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  log(`building the console and the bare floor into ${DIST}/`);
  const run = spawnSync('npx', ['rsbuild', 'build'], {
    env: { ...process.env, BENCH: '1', DIST_DIR: DIST },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error('build failed');
}

async function browserFigures(server: BenchServer): Promise<void> {
  const browser = await launchBrowser();
  try {
    if (wants('bundle'))
      await section('bundle', async () => {
        log('sign-in bundle');
        const { bytes, files } = await signInBundle(browser, server.url);
        const kb = bytes / 1024;
        push({
          figure: 'sign-in page HTML+JS+CSS, gzip',
          value: `${kb.toFixed(1)} KB (${files} files)`,
          budget: '≤ 100 KB',
          met: kb <= 100,
        });
        log('public page bundle');
        const pub = await publicBundle(browser, server.url);
        const pubKb = pub.bytes / 1024;
        push({
          figure: 'public page HTML+JS+CSS, gzip: group card search',
          value: `${pubKb.toFixed(1)} KB (${pub.files} files)`,
          budget: '≤ 80 KB',
          met: pubKb <= 80,
        });
        log('public bill page bundle');
        const bill = await billBundle(browser, server.url, await billAddress(server.url, await signInToken(server.url)));
        const billKb = bill.bytes / 1024;
        push({
          figure: 'public page HTML+JS+CSS, gzip: the bill (#/scanQRcode)',
          value: `${billKb.toFixed(1)} KB (${bill.files} files)`,
          budget: '≤ 80 KB',
          met: billKb <= 80,
        });
      });
    const token = await signInToken(server.url);
    if (wants('slow4g'))
      await section('slow4g', async () => {
        const address = await billAddress(server.url, token);
        const ms: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          log(`bill on Slow 4G ${i + 1}/${RUNS}`);
          ms.push(await billOnSlow4g(browser, server.url, address));
        }
        push({
          figure: 'public bill shown, cold cache, Chromium "Slow 4G", 375×667',
          value: range(ms, 0, ' ms'),
          budget: '≤ 1500 ms',
          met: med(ms) <= 1500,
          note: `CDP emulateNetworkConditions latency ${SLOW_4G.latency} ms, down ${SLOW_4G.downloadThroughput} B/s, up ${SLOW_4G.uploadThroughput} B/s (DevTools preset)`,
        });
      });
    if (wants('cold'))
      await section('cold', async () => {
        const ratios: number[] = [];
        const consoleMs: number[] = [];
        const bareMs: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          log(`cold load ${i + 1}/${RUNS}`);
          // A and B interleaved, the order alternating, so drift on a shared machine hits both
          const pair =
            i % 2
              ? [await coldLoad(browser, server.url, token, true), await coldLoad(browser, server.url, token, false)].reverse()
              : [await coldLoad(browser, server.url, token, false), await coldLoad(browser, server.url, token, true)];
          consoleMs.push(pair[0]);
          bareMs.push(pair[1]);
          ratios.push(pair[0] / pair[1]);
        }
        push({
          figure: 'cold load of 停车场管理 to 10 rows, console ÷ bare',
          value: range(ratios, 2),
          // a guard, not a budget: a sitting of 9 pairs moves by about ±0.04 on the same build
          budget: '≤ 1.15 (guard)',
          met: med(ratios) <= 1.15,
          note: `console ${range(consoleMs, 0, ' ms')}, bare ${range(bareMs, 0, ' ms')}`,
        });
      });
    if (wants('open'))
      await section('open', async () => {
        const ratios: number[] = [];
        const firstMs: number[] = [];
        const bareMs: number[] = [];
        const renderMs: number[] = [];
        const apiShare: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          log(`first opens ${i + 1}/${RUNS}`);
          const bareFirst = i % 2 ? await bareFirstOpen(browser, server.url, token) : 0;
          const opens = await firstOpens(browser, server.url);
          const bare = i % 2 ? bareFirst : await bareFirstOpen(browser, server.url, token);
          firstMs.push(opens.first);
          bareMs.push(bare);
          ratios.push(opens.first / bare);
          renderMs.push(med(opens.later.map((l) => l.ms - l.apiMs)));
          apiShare.push((100 * opens.later.reduce((n, l) => n + l.apiMs, 0)) / opens.later.reduce((n, l) => n + l.ms, 0));
        }
        push({
          figure: 'first sidebar open of 停车场管理 after sign-in, ÷ bare',
          value: range(ratios, 2),
          budget: '≤ 1.10',
          met: med(ratios) <= 1.1,
          note: `console ${range(firstMs, 0, ' ms')}, bare ${range(bareMs, 0, ' ms')}`,
        });
        push({
          figure: 'later first opens (areas … menus), non-API ms per screen',
          value: range(renderMs, 0, ' ms'),
          budget: `≤ ${LATER_RENDER_BEFORE_MS / 2} ms (half of ${LATER_RENDER_BEFORE_MS})`,
          met: med(renderMs) <= LATER_RENDER_BEFORE_MS / 2,
          note: `API share of the time ${range(apiShare, 1, ' %')}`,
        });
      });
    if (wants('heap'))
      await section('heap', async () => {
        log('heap: 100 tab open/close cycles');
        const mb = await heapGrowth(browser, server.url, token);
        push({
          figure: '100 tab open/close cycles over 5 screens, heap after GC beyond warm-up',
          value: `${mb >= 0 ? '+' : ''}${mb.toFixed(2)} MB`,
          budget: '≤ +5 MB',
          met: mb <= 5,
        });
      });
  } finally {
    await browser.close();
  }
}

async function apiFigures(label: string, urls: string[], rpsBudget: number, p95Budget: number): Promise<void> {
  const token = await signInToken(urls[0]);
  const names = Object.keys(LIST_APIS);
  const rps: Record<string, number[]> = {};
  const p95: Record<string, number[]> = {};
  // runs interleaved over the lists
  for (let i = 0; i < Math.min(RUNS, 3); i++) {
    for (const name of names) {
      log(`${label} ${name} ${i + 1}`);
      const r = await loadList(urls, LIST_APIS[name], token);
      if (r.errors) throw new Error(`${name}: ${r.errors} failed requests under load`);
      (rps[name] ??= []).push(r.rps);
      (p95[name] ??= []).push(r.p95);
    }
  }
  for (const name of names) {
    push({
      figure: `${name} list, 10 clients, ${label}: req/s`,
      value: range(rps[name], 0),
      budget: `≥ ${rpsBudget}`,
      met: med(rps[name]) >= rpsBudget,
    });
    push({
      figure: `${name} list, 10 clients, ${label}: p95`,
      value: range(p95[name], 0, ' ms'),
      budget: `≤ ${p95Budget} ms`,
      met: med(p95[name]) <= p95Budget,
    });
  }
}

async function main(): Promise<void> {
  if (['bundle', 'slow4g', 'cold', 'open', 'heap', 'api'].some(wants)) {
    build();
    log('starting the reference server (PGlite in memory, demo data)');
    const server = await startBenchServer(DIST);
    try {
      await browserFigures(server);
      if (wants('api')) await section('api PGlite', () => apiFigures('PGlite', [server.url], 500, 50));
    } finally {
      await server.stop();
    }
    if (wants('api') && process.env.DATABASE_URL) {
      log('two server instances on PostgreSQL');
      const a = await startBenchServer(DIST, { DATABASE_URL: process.env.DATABASE_URL });
      const b = await startBenchServer(DIST, { DATABASE_URL: process.env.DATABASE_URL });
      try {
        await section('api PostgreSQL', () => apiFigures('PostgreSQL ×2', [a.url, b.url], 1000, 30));
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    }
  }
  if (wants('start'))
    await section('start', async () => {
      const seconds: number[] = [];
      for (let i = 0; i < Math.min(RUNS, 3); i++) {
        log(`npm start on a fresh checkout ${i + 1}`);
        seconds.push(await freshStartSeconds());
      }
      push({
        figure: 'npm start, fresh checkout, to the console answering',
        value: range(seconds, 1, ' s'),
        budget: '≤ 30 s',
        met: med(seconds) <= 30,
      });
    });
  if (wants('pages'))
    await section('check:pages', async () => {
      const seconds: number[] = [];
      for (let i = 0; i < Math.min(RUNS, 3); i++) {
        log(`check:pages ${i + 1}`);
        seconds.push(checkPagesSeconds());
      }
      push({ figure: 'npm run check:pages', value: range(seconds, 2, ' s'), budget: '< 2 s', met: med(seconds) < 2 });
    });
  console.log('');
  printTable(rows);
  if (wants('money')) {
    console.log('');
    await runFigureScript(MONEY_LISTS_SCRIPT);
  }
  if (wants('orders')) {
    console.log('');
    await runFigureScript(ORDER_LIST_SCRIPT);
  }
  if (wants('finance')) {
    console.log('');
    await runFigureScript(FINANCE_SCRIPT);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
