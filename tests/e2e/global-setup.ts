import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './start-server';

/**
 * Starts the reference server with an in-memory database on a free port,
 * serving the fresh build in dist/. Workers read E2E_BASE_URL and E2E_SITE_PAGES.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // a site bundle folder the tests may drop page files into while the server runs
  const sitePages = process.env.E2E_SITE_PAGES ?? mkdtempSync(join(tmpdir(), 'site-pages-'));
  process.env.E2E_SITE_PAGES = sitePages;
  // every test signs in from 127.0.0.1: generous per-address sign-in limits there (the limits stay
  // on); 3 failures lock an account, before the captcha (after 3) is ever asked, which a test cannot read
  const { url, child } = await startServer({ SITE_PAGES: sitePages, LOOPBACK_LIMIT_FACTOR: '100', LOCK_AFTER_FAILURES: '3' });
  process.env.E2E_BASE_URL = url;
  return async () => {
    child.kill('SIGTERM');
  };
}
