import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, signInAndWait, OPERATOR } from './fixtures';
import type { Page } from '@playwright/test';

const tab = (page: Page, path: string) => page.locator(`.pc-tags__item[data-path="${path}"]`);
const tabTitle = (page: Page, path: string) => tab(page, path).locator('.pc-tags__title');

async function visit(page: Page, path: string) {
  await page.goto(`/#${path}`);
  await expect(tab(page, path)).toHaveAttribute('aria-selected', 'true');
}

test('the lot screen with an id is titled 新增 for 0 and 编辑 otherwise: tab, breadcrumb and document title', async ({ page }) => {
  await signInAndWait(page);
  await visit(page, '/parkingAdmin/add/0');
  await expect(tabTitle(page, '/parkingAdmin/add/0')).toHaveText('新增停车场');
  await expect(page).toHaveTitle('新增停车场 - 智慧停车管理平台');
  await visit(page, '/parkingAdmin/add/p-ft-cbd-04');
  await expect(tabTitle(page, '/parkingAdmin/add/p-ft-cbd-04')).toHaveText('编辑停车场');
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText('编辑停车场');
  await expect(page).toHaveTitle('编辑停车场 - 智慧停车管理平台');
});

test('a reload on a route from the route file opens it again, its id in the page data', async ({ page }) => {
  await signInAndWait(page);
  await visit(page, '/OrderManagement/parkingRecordOrderInfo/7');
  await page.reload();
  await expect(page).toHaveURL(/#\/OrderManagement\/parkingRecordOrderInfo\/7$/);
  await expect(tab(page, '/OrderManagement/parkingRecordOrderInfo/7')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.cxd-Page-title')).toHaveText('停车订单详情 7');
  await expect(page).toHaveTitle('停车订单详情 7 - 智慧停车管理平台');
});

test('operator may edit a lot but not open the add screen: /401, no tab', async ({ page }) => {
  await signInAndWait(page, OPERATOR);
  await visit(page, '/parkingAdmin/add/p-ft-cbd-04');
  await page.goto('/#/parkingAdmin/add/0');
  await expect(page).toHaveURL(/#\/401$/);
  await expect(page.getByText('您没有访问该页面的权限')).toBeVisible();
  await page.goto('/#/dashboard');
  await expect(tab(page, '/parkingAdmin/add/0')).toHaveCount(0);
});

/**
 * The site folder is shared with the tests running beside this one: a file is written whole and then
 * put in place, so a screen opening meanwhile never reads half of it (the server answered 500).
 */
function writeWhole(file: string, text: string) {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

test.describe('a site bundle route file', () => {
  const site = () => process.env.E2E_SITE_PAGES!;
  test.afterAll(() => {
    rmSync(join(site(), '_routes.json'), { force: true });
  });

  test('adds a screen with parameters without a rebuild', async ({ page }) => {
    mkdirSync(join(site(), 'siteVisit'), { recursive: true });
    writeWhole(
      join(site(), 'siteVisit', 'detail.json'),
      JSON.stringify({ type: 'page', title: '来访 ${params.id}', body: { type: 'tpl', tpl: '来访编号:${params.id}' } }),
    );
    writeWhole(
      join(site(), '_routes.json'),
      JSON.stringify({
        routes: [{ path: '/siteVisit/detail/:id', urlAddress: 'siteVisit/detail', title: '来访详情 {id}', permission: 'parking:add' }],
      }),
    );
    await signInAndWait(page);
    await visit(page, '/siteVisit/detail/A-17');
    await expect(tabTitle(page, '/siteVisit/detail/A-17')).toHaveText('来访详情 A-17');
    await expect(page.getByText('来访编号:A-17')).toBeVisible();
    // the console's own routes from pages-json/_routes.json are still there
    await visit(page, '/OrderManagement/parkingRecordOrderInfo/9');
  });
});
