import type { ChildProcess } from 'node:child_process';
import md5 from 'blueimp-md5';
import { startServer } from '../../tests/e2e/start-server';

/** A reference server for the bench: demo data, no heartbeats, loopback limits raised (many sign-ins). */
export interface BenchServer {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

export async function startBenchServer(distDir: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const { url, child } = await startServer({ DIST_DIR: distDir, HEARTBEAT_MS: '0', LOOPBACK_LIMIT_FACTOR: '1000', ...env }, 180_000);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, child, stop };
}

/** Signs in through the API; answers the token (the value of the parking_token cookie). */
export async function signInToken(url: string, account = 'admin', password = 'admin123'): Promise<string> {
  const body = new URLSearchParams({ account, password: md5(password), grant_type: 'password', origin: 'password', rememberMe: 'false' });
  const res = await fetch(new URL('/api/oauth/Login', url), { method: 'POST', body });
  const json = (await res.json()) as { code: number; msg: string; data?: { token: string } };
  if (json.code !== 200 || !json.data) throw new Error(`sign-in failed: ${json.msg}`);
  return json.data.token;
}
