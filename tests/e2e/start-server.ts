import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Starts the reference server on a free port of 127.0.0.1 with an in-memory database, serving the
 * build in DIST_DIR (default dist/); `env` adds to or overrides the defaults. Resolves once it
 * prints its address.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      // the charging simulator off and a few days of charging history, unless a spec asks (charging.spec.ts)
      SIM_CHARGING: '0',
      CHARGING_HISTORY_DAYS: '3',
      // two days of parking orders, no traffic simulator (parking-orders.spec.ts)
      SEED_ORDER_DAYS: '2',
      SIM_TRAFFIC: '0',
      // refunds answered by the simulated channels within a second or two, never failing or twice (refunds.spec.ts)
      REFUND_SIM_MS: '500',
      REFUND_SIM_DELAY_MS: '1000',
      REFUND_SIM_FAIL_PERCENT: '0',
      REFUND_SIM_DUPLICATE_PERCENT: '0',
      // no request log: the tests read the address line only
      LOG: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs / 1000} s:\n${log}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = log.match(/Console ready at (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
  });
  return { url, child };
}
