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

/** Runs the order-list figure (helper script of its own) with output passed through; false when it is absent. */
export function runOrderList(): Promise<boolean> {
  if (!existsSync(ORDER_LIST_SCRIPT)) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ORDER_LIST_SCRIPT], { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve(true) : reject(new Error(`${ORDER_LIST_SCRIPT} exited with ${code}`))));
  });
}
