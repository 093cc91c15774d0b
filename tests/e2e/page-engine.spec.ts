import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signInAndWait, uniqueSuffix, waitForRows, clickUntil, allowConsole, ADMIN } from './fixtures';

/** The site bundle folder the running reference server serves before pages-json/. */
function writeSitePage(urlAddress: string, content: string | object): string {
  const file = join(process.env.E2E_SITE_PAGES!, `${urlAddress}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

async function tokenOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return decodeURIComponent(cookies.find((c) => c.name === 'parking_token')!.value);
}

/** Adds a page-type menu entry under 系统工具 through the reference server's menu API. */
async function addMenuEntry(request: APIRequestContext, token: string, fullName: string, enCode: string, urlAddress: string) {
  const headers = { Authorization: token };
  const tree = await (await request.get('/api/system/Menu', { headers })).json();
  const tools = tree.data.list.find((m: { enCode: string }) => m.enCode === 'tools');
  const res = await request.post('/api/system/Menu', {
    headers,
    data: {
      parentId: tools.id,
      fullName,
      enCode,
      icon: 'list',
      type: 2,
      urlAddress,
      sortCode: 99,
      linkTarget: '_self',
      propertyJson: '{}',
    },
  });
  expect((await res.json()).code).toBe(200);
}

test('a JSON file dropped into the site bundle becomes a working screen with no build', async ({ page, request }) => {
  const code = `ext${uniqueSuffix()}`;
  writeSitePage(`ext/${code}`, {
    type: 'page',
    title: '站点自定义页面',
    body: {
      type: 'crud',
      api: 'get:/api/system/Parking',
      pageField: 'currentPage',
      perPageField: 'pageSize',
      columns: [
        { name: 'parkingName', label: '车场' },
        { name: 'totalSpaces', label: '车位数' },
      ],
    },
  });
  await signInAndWait(page);
  await addMenuEntry(request, await tokenOf(page), `站点页面${code}`, code, `ext/${code}`);
  await page.reload();
  await page.getByRole('navigation', { name: 'menu' }).getByText('系统工具').click();
  await page.getByRole('navigation', { name: 'menu' }).getByText(`站点页面${code}`).click();
  await expect(page).toHaveURL(new RegExp(`#/tools/${code}$`));
  await expect(page.getByText('站点自定义页面')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '车位数' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /停车场|泊位|充电站/ }).first()).toBeVisible();
});

test('a site bundle file overrides the default page, and an edit shows on the next open', async ({ page }) => {
  const file = writeSitePage('finance/financeDaily', { type: 'page', title: '站点日报表', body: { type: 'tpl', tpl: '第一版' } });
  try {
    await signInAndWait(page, ADMIN, '/finance/financeDaily');
    await expect(page.getByText('第一版')).toBeVisible();
    writeSitePage('finance/financeDaily', { type: 'page', title: '站点日报表', body: { type: 'tpl', tpl: '第二版' } });
    await page.reload();
    await expect(page.getByText('第二版')).toBeVisible();
  } finally {
    rmSync(file);
  }
  // the file gone, the console's own page shows again
  await page.reload();
  await expect(page.getByText('报表日期')).toBeVisible();
  await expect(page.getByText('第二版')).toHaveCount(0);
});

test('a menu entry without a page file shows a panel naming the urlAddress and every path tried', async ({ page, request }) => {
  const code = `missing${uniqueSuffix()}`;
  allowConsole(/status of 404 .*\/ext\/missing/);
  await signInAndWait(page);
  await addMenuEntry(request, await tokenOf(page), `缺页${code}`, code, `ext/${code}`);
  await page.reload(); // the new menu entry arrives with the next sign-in or reload
  await page.goto(`/#/tools/${code}`);
  const panel = page.getByRole('alert').filter({ hasText: '页面文件不存在' });
  await expect(panel).toContainText(`ext/${code}`);
  await expect(panel).toContainText(`/site-pages/ext/${code}.json`);
  await expect(panel).toContainText(`/pages-json/ext/${code}.json`);
  // the shell keeps working
  await page.getByRole('navigation', { name: 'menu' }).getByText('停车基础设施').click();
  await page.getByRole('navigation', { name: 'menu' }).getByText('停车场管理').click();
  await expect(page.getByRole('columnheader', { name: '名称' })).toBeVisible();
});

test('a malformed page file shows the file, line, column and parser message', async ({ page, request }) => {
  const code = `broken${uniqueSuffix()}`;
  writeSitePage(`ext/${code}`, '{\n  "type": "page",\n  "title": "坏文件"\n  "body": []\n}');
  await signInAndWait(page);
  await addMenuEntry(request, await tokenOf(page), `坏页${code}`, code, `ext/${code}`);
  await page.reload(); // the new menu entry arrives with the next sign-in or reload
  await page.goto(`/#/tools/${code}`);
  const panel = page.getByRole('alert').filter({ hasText: '页面文件格式错误' });
  await expect(panel).toContainText(`/site-pages/ext/${code}.json 第 4 行，第 3 列`);
  await expect(panel.locator('pre')).not.toBeEmpty();
  await page.goto('/#/dashboard');
  await expect(page.getByText('欢迎回来')).toBeVisible();
});

test('a renderer that throws fails inside its tab while the shell keeps working', async ({ page, request }) => {
  const code = `crash${uniqueSuffix()}`;
  allowConsole(/renderer exploded/);
  // amis's `custom` renderer runs page-supplied code when it mounts: here, code that throws
  writeSitePage(`ext/${code}`, {
    type: 'page',
    title: '会崩溃的页面',
    body: [{ type: 'custom', onMount: "throw new Error('renderer exploded')" }],
  });
  await signInAndWait(page);
  await addMenuEntry(request, await tokenOf(page), `崩溃页${code}`, code, `ext/${code}`);
  await page.reload(); // the new menu entry arrives with the next sign-in or reload
  await page.goto(`/#/tools/${code}`);
  const panel = page.getByRole('alert').filter({ hasText: '页面渲染出错' });
  await expect(panel).toContainText('renderer exploded');
  await page.getByRole('navigation', { name: 'menu' }).getByText('停车基础设施').click();
  await page.getByRole('navigation', { name: 'menu' }).getByText('停车场管理').click();
  await expect(page.getByRole('columnheader', { name: '名称' })).toBeVisible();
});

test('a page chunk that fails to load after a redeploy offers a reload', async ({ page }) => {
  await signInAndWait(page);
  // the old build's chunk names are gone from the server (the browser logs each 404 itself)
  allowConsole(/status of 404 .*\/static\/(js|css)\/async\//);
  await page.route('**/static/js/async/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.route('**/static/css/async/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.getByRole('navigation', { name: 'menu' }).getByText('停车基础设施').click();
  await page.getByRole('navigation', { name: 'menu' }).getByText('停车场管理').click();
  const panel = page.getByRole('alert').filter({ hasText: '页面资源加载失败' });
  await expect(panel).toBeVisible();
  await page.unroute('**/static/js/async/**');
  await page.unroute('**/static/css/async/**');
  await panel.getByRole('button', { name: '刷新页面' }).click();
  await expect(page.getByRole('columnheader', { name: '名称' })).toBeVisible();
});

test('a dialog open on one tab stays with its tab: hidden on another tab, back when returning', async ({ page }) => {
  await signInAndWait(page, ADMIN, '/system/user');
  await waitForRows(page);
  const dialog = page.getByRole('dialog');
  await clickUntil(page.getByRole('button', { name: '新增用户' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await dialog.locator('input[name="account"]').fill('unsaved_input');
  // the modal mask covers the tabs; the browser's own navigation still leaves the page
  await page.goto('/#/dashboard');
  await expect(page.getByText('欢迎回来')).toBeVisible();
  await expect(dialog).toBeHidden();
  const tabs = page.getByRole('tablist', { name: 'tags' });
  await tabs.getByRole('tab', { name: /用户管理/ }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('input[name="account"]')).toHaveValue('unsaved_input');
});
