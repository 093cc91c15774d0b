import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Wall time of `npm run check:pages` (tsx scripts/check-pages/cli.ts), in seconds; throws when the check fails. */
export function checkPagesSeconds(): number {
  const t0 = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-pages/cli.ts'], { encoding: 'utf8' });
  const s = (performance.now() - t0) / 1000;
  if (run.status !== 0) throw new Error(`check:pages failed:\n${run.stdout}\n${run.stderr}`);
  return s;
}

export const ORDER_LIST_SCRIPT = 'scripts/bench/order-list.ts';
export const MONEY_LISTS_SCRIPT = 'scripts/bench/money-lists.ts';
export const FINANCE_SCRIPT = 'scripts/bench/finance-figures.ts';

/** Runs a figure's helper script (order list, money lists) with its output passed through; false when it is absent. */
export function runFigureScript(script: string): Promise<boolean> {
  if (!existsSync(script)) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve(true) : reject(new Error(`${script} exited with ${code}`))));
  });
}

/**
 * Seconds from `npm start` (scripts/start.ts) on a fresh checkout's state to the console answering:
 * no build (a new DIST_DIR) and no database (a new DATA_DIR), a free port; the server is stopped after.
 */
export async function freshStartSeconds(): Promise<number> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const scratch = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  const env = { ...process.env, PORT: port, DIST_DIR: join(scratch, 'dist'), DATA_DIR: join(scratch, 'data'), LOG: '0' };
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { env, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const answered = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (answered) return (performance.now() - t0) / 1000;
      if (performance.now() - t0 > 300_000) throw new Error('npm start did not answer within 300 s');
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    rmSync(scratch, { recursive: true, force: true });
  }
}
