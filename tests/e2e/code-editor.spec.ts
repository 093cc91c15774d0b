import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test, expect, signInAndWait } from './fixtures';

// a site page over a seeded menu entry, removed afterwards so the console's own page comes back
const URL_ADDRESS = 'finance/financeChannel';
const file = () => join(process.env.E2E_SITE_PAGES!, `${URL_ADDRESS}.json`);

test.afterEach(() => rmSync(file(), { force: true }));

test('opening a code editor loads its language worker from the bundle: no request answers 404', async ({ page }) => {
  mkdirSync(dirname(file()), { recursive: true });
  writeFileSync(
    file(),
    JSON.stringify({
      type: 'page',
      title: '代码编辑',
      body: { type: 'form', body: [{ type: 'editor', name: 'settings', label: '配置', language: 'json', value: '{ "a": 1 }' }] },
    }),
  );
  const missing: string[] = [];
  page.on('response', (res) => {
    // a site bundle without a file answers 404 before pages-json/ has it (fixtures.ts, CONSOLE_ALLOWED)
    if (res.status() === 404 && !res.url().includes('/site-pages/')) missing.push(res.url());
  });
  await signInAndWait(page);
  const worker = page.waitForEvent('worker');
  await page.goto(`/#/${URL_ADDRESS}`);
  // the editor itself, not its rename widget (also .monaco-editor)
  await expect(page.locator('.monaco-editor[role="code"]')).toBeVisible();
  // the JSON language service runs in a worker that is a chunk of the console's own bundle
  expect((await worker).url()).toMatch(/\/static\/js\/.+\.js$/);
  await expect(page.locator('.monaco-editor[role="code"] .view-lines')).toContainText('"a": 1');
  expect(missing).toEqual([]);
});
