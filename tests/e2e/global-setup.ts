import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the reference server with an in-memory database on a free port,
 * serving the fresh build in dist/. Workers read E2E_BASE_URL and E2E_SITE_PAGES.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // a site bundle folder the tests may drop page files into while the server runs
  const sitePages = process.env.E2E_SITE_PAGES ?? mkdtempSync(join(tmpdir(), 'site-pages-'));
  process.env.E2E_SITE_PAGES = sitePages;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // every test signs in from 127.0.0.1: generous per-address sign-in limits there (the limits stay
    // on); 3 failures lock an account, before the captcha (after 3) is ever asked, which a test cannot read
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      SITE_PAGES: sitePages,
      LOOPBACK_LIMIT_FACTOR: '100',
      LOCK_AFTER_FAILURES: '3',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${log}`)), 60_000);
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
  process.env.E2E_BASE_URL = url;
  return async () => {
    child.kill('SIGTERM');
  };
}
