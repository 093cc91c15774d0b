import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allowConsole, expect, signInAndWait, test as base, uniqueSuffix } from './fixtures';
import { startServer } from './start-server';

/**
 * A site bundle whose screen calls the site's own API on another origin. Without SITE_API_ORIGINS the
 * browser's security policy blocks the call, and the console says which origin and which setting
 * (not amis's 接口请求失败); with the origin allowed, the screen shows the site API's answer. The
 * bundle has no _routes.json: the start asks for none (no 404).
 */

/** The site's own API: one summary, answered to any origin (CORS), on a free port. */
async function siteApi(): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, OPTIONS');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ code: 200, msg: '', data: { total: 4217 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

/** The bundle: the lots screen (its menu path /parking/parkingAdmin) replaced by one reading the site API. */
function siteBundle(origin: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-csp-'));
  mkdirSync(join(dir, 'parking'), { recursive: true });
  const page = {
    type: 'page',
    title: '站点汇总',
    body: { type: 'service', api: `get:${origin}/v1/summary`, body: { type: 'tpl', tpl: '今日车次 ${total}' } },
  };
  writeFileSync(join(dir, 'parking', 'parkingAdmin.json'), JSON.stringify(page, null, 2));
  writeFileSync(join(dir, '_check.json'), JSON.stringify({ origins: { api: [origin] } }, null, 2));
  // a screen whose menu entry names it by another address than its path (added by the test)
  mkdirSync(join(dir, 'site'), { recursive: true });
  writeFileSync(join(dir, 'site', 'summary.json'), JSON.stringify({ type: 'page', title: '站点概览', body: '站点概览正文' }));
  return dir;
}

interface Site {
  origin: string;
  /** the console without the site's origin allowed, and with it */
  blocked: string;
  allowed: string;
}

const test = base.extend<object, { site: Site }>({
  site: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const api = await siteApi();
      const dir = siteBundle(api.origin);
      const common = { SITE_PAGES: dir, LOOPBACK_LIMIT_FACTOR: '100', HEARTBEAT_MS: '0', ARREARS_JOB_MS: '0' };
      const blocked = await startServer(common, 150_000);
      const allowed = await startServer({ ...common, SITE_API_ORIGINS: api.origin }, 150_000);
      await use({ origin: api.origin, blocked: blocked.url, allowed: allowed.url });
      blocked.child.kill('SIGTERM');
      allowed.child.kill('SIGTERM');
      api.server.close();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});

test.describe('a site bundle on a deployment that allows no other origin', () => {
  test.use({ baseURL: async ({ site }, use) => use(site.blocked) });

  test('shows a notice naming the blocked origin and SITE_API_ORIGINS, not 接口请求失败', async ({ page, site }) => {
    // the browser reports the blocked call itself; the console's notice is what a user reads
    allowConsole(/Refused to connect to .*Content Security Policy/, /Connecting to '.*' violates the following Content Security Policy/);
    await signInAndWait(page, undefined, '/parking/parkingAdmin');
    const notice = page.locator('.pc-notice').filter({ hasText: '请求被安全策略拦截' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(site.origin);
    await expect(notice).toContainText('SITE_API_ORIGINS');
    await expect(page.getByText('接口请求失败')).toHaveCount(0);
    await expect(page.getByText('今日车次 4217')).toHaveCount(0);
  });

  test('a start with a bundle that has no _routes.json asks for no missing file', async ({ page, site }) => {
    allowConsole(/Refused to connect to .*Content Security Policy/, /Connecting to '.*' violates the following Content Security Policy/);
    const missing: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 404) missing.push(res.url());
    });
    await signInAndWait(page, undefined, '/parking/parkingAdmin');
    await expect(page.locator('.pc-notice').filter({ hasText: site.origin })).toBeVisible();
    expect(missing).toEqual([]);
  });

  test('a start at a screen whose menu urlAddress differs from its path asks for no missing file', async ({ page }) => {
    await signInAndWait(page);
    const cookies = await page.context().cookies();
    const headers = { Authorization: decodeURIComponent(cookies.find((c) => c.name === 'parking_token')!.value) };
    const tree = await (await page.request.get('/api/system/Menu', { headers })).json();
    const tools = tree.data.list.find((m: { enCode: string }) => m.enCode === 'tools');
    const code = `siteSummary${uniqueSuffix()}`;
    const entry = { parentId: tools.id, fullName: '站点概览', enCode: code, icon: 'list', type: 2, urlAddress: 'site/summary' };
    const added = await page.request.post('/api/system/Menu', {
      headers,
      data: { ...entry, sortCode: 99, linkTarget: '_self', propertyJson: '{}' },
    });
    expect((await added.json()).code).toBe(200);
    // a fresh start at that path (a new document: the running console, which knew the menu before
    // the entry was added, may already have sent that path to 404): it would guess
    // tools/<code>.json, which no bundle has
    const missing: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 404) missing.push(res.url());
    });
    await page.goto('about:blank');
    await page.goto(`/#/tools/${code}`);
    await expect(page.getByText('站点概览正文')).toBeVisible();
    expect(missing).toEqual([]);
  });
});

test.describe('a site bundle on a deployment that allows its API origin (SITE_API_ORIGINS)', () => {
  test.use({ baseURL: async ({ site }, use) => use(site.allowed) });

  test('shows the site API’s answer', async ({ page }) => {
    await signInAndWait(page, undefined, '/parking/parkingAdmin');
    await expect(page.getByText('今日车次 4217')).toBeVisible();
    await expect(page.locator('.pc-notice').filter({ hasText: '请求被安全策略拦截' })).toHaveCount(0);
  });
});
