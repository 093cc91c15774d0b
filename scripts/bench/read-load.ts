import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIST_APIS, loadList } from './api-load';
import { startBenchServer, signInToken } from './server';

/**
 * What a read costs beside the server's own work (issue 33: list throughput at 20 connections fell
 * after the money screens). The same list loads at 20 connections on three servers: as `npm start`
 * runs (traffic and charging simulators, heartbeats, every job), with the simulators and jobs off,
 * and also without the request log; each with its resident memory after the load.
 * `npx tsx scripts/bench/read-load.ts` (after a build: DIST_DIR, default dist). Prints a table.
 */

const DIST = process.env.DIST_DIR ?? 'dist';
const SECONDS = Number(process.env.READ_LOAD_SECONDS ?? 10);
const ROUNDS = Number(process.env.READ_LOAD_ROUNDS ?? 3);

const QUIET = {
  HEARTBEAT_MS: '0',
  SIM_TRAFFIC: '0',
  SIM_CHARGING: '0',
  ARREARS_JOB_MS: '0',
  COUPON_JOB_MS: '0',
  CARD_JOB_MS: '0',
  REFUND_SIM_MS: '0',
  PAY_SWEEP_MS: '0',
};

// npm start's history (90 days of orders, 30 of charging) and its request log
const AS_START = { SEED_ORDER_DAYS: '90', CHARGING_HISTORY_DAYS: '30', LOG: '1', REFUND_SIM_MS: '5000', REFUND_SIM_DELAY_MS: '10000' };

const SETUPS: [string, Record<string, string>][] = [
  ['as npm start (simulators, heartbeats, jobs)', { ...AS_START, HEARTBEAT_MS: '10000', SIM_TRAFFIC: '1', SIM_CHARGING: '1' }],
  ['simulators and jobs off', { ...AS_START, ...QUIET }],
  ['simulators and jobs off, no request log', { ...AS_START, ...QUIET, LOG: '0' }],
];

const rssMb = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const rows: string[] = [];
  for (const [label, env] of SETUPS) {
    // a data folder as npm start keeps (DATA_DIR), not the tests' in-memory database
    const dataDir = mkdtempSync(join(tmpdir(), 'read-load-'));
    const server = await startBenchServer(DIST, { DATA_DIR: join(dataDir, 'db'), ...env });
    try {
      const token = await signInToken(server.url);
      // the first start's history fills in the background: let it finish before measuring
      await new Promise((r) => setTimeout(r, Number(process.env.READ_LOAD_SETTLE_MS ?? 60_000)));
      const rps: number[] = [];
      const p95: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        for (const name of ['lots', 'spaces', 'refunds']) {
          const r = await loadList([server.url], LIST_APIS[name], token, 20, SECONDS);
          if (r.errors) throw new Error(`${name}: ${r.errors} failed requests`);
          if (name === 'lots') {
            rps.push(r.rps);
            p95.push(r.p95);
          }
        }
      }
      rows.push(
        `| ${label} | ${Math.round(median(rps))} req/s (${rps.map(Math.round).join(', ')}) | ${Math.round(median(p95))} ms | ${rssMb(server.child.pid!)} MB |`,
      );
      console.error(rows[rows.length - 1]);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log('| server | lots list, 20 connections | p95 | resident after |');
  console.log('| --- | --- | --- | --- |');
  for (const r of rows) console.log(r);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
