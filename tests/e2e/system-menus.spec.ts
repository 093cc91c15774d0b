import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, signInAndWait, uniqueSuffix, ADMIN } from './fixtures';

const field = (scope: Locator, name: string) => scope.locator(`[name="${name}"]`);

async function tokenOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return decodeURIComponent(cookies.find((c) => c.name === 'parking_token')!.value);
}

async function api(page: Page, method: 'get' | 'post' | 'put', url: string, data?: unknown) {
  const res = await page.request[method](url, { headers: { Authorization: await tokenOf(page) }, data });
  const body = await res.json();
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

/** The page may re-render once right after loading (runtime config arrives), closing a dialog opened too early. */
async function openDialog(button: Locator, dialog: Locator) {
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click();
    await expect(dialog).toBeVisible({ timeout: 2000 });
  }).toPass();
}

test('an administrator adds a menu entry for a new JSON page, grants it to a role, and its user opens it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const s = uniqueSuffix();
  const code = `ext${s}`;
  const menuName = `巡检报表${s}`;
  // the site bundle folder the reference server serves before pages-json/ (set by global setup)
  const file = join(process.env.E2E_SITE_PAGES!, 'ext', `${code}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ type: 'page', title: `巡检页面${s}`, body: { type: 'tpl', tpl: '巡检内容已就绪' } }));

  await signInAndWait(page);
  const roleId = (await api(page, 'post', '/api/system/Role', { fullName: `巡检员${s}`, enCode: `patrol${s}` })).id;
  await api(page, 'post', '/api/system/Permission/Users', {
    account: `patrol${s}`,
    realName: '巡检员',
    roleIds: [roleId],
    userPassword: 'e10adc3949ba59abbe56e057f20f883e',
    validatePassword: 'e10adc3949ba59abbe56e057f20f883e', // MD5 of 123456
  });

  // the menu screen: a top-level page entry pointing at the JSON file
  await page.goto('/#/system/menu');
  const dialog = page.getByRole('dialog');
  await openDialog(page.getByRole('button', { name: '新增菜单' }), dialog);
  await field(dialog, 'fullName').fill(menuName);
  await field(dialog, 'enCode').fill(code);
  await field(dialog, 'urlAddress').fill(`ext/${code}`);
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: code })).toBeVisible();

  // the role screen: grant the new entry
  await page.goto('/#/system/role');
  const row = page.getByRole('row').filter({ hasText: `patrol${s}` });
  const grant = page.getByRole('dialog');
  await openDialog(row.getByRole('button', { name: '授权' }), grant);
  await grant.getByText(menuName, { exact: true }).click();
  await grant.getByRole('button', { name: '确认' }).click();
  await expect(grant).toBeHidden();
  const grants = await api(page, 'get', `/api/system/Role/${roleId}/Menus`);
  expect(grants.menuIds).toHaveLength(1);

  // the role's user signs in and opens it from the menu
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'zh-CN' });
  const theirs = await context.newPage();
  await signInAndWait(theirs, { account: `patrol${s}`, password: '123456' });
  const menu = theirs.getByRole('navigation', { name: 'menu' });
  await menu.getByRole('link', { name: menuName }).click();
  await expect(theirs).toHaveURL(new RegExp(`#/${code}$`));
  await expect(theirs.getByText('巡检内容已就绪')).toBeVisible();
  await expect(menu.getByRole('button', { name: '系统管理' })).toHaveCount(0);
  await context.close();
});

test("a dictionary edit shows up in the parking lots screen's road type filter", async ({ page }) => {
  const s = uniqueSuffix();
  const label = `路外${s}`;
  await signInAndWait(page, ADMIN, '/system/dict');
  await page.getByPlaceholder('字典编码或名称').fill('road_type');
  await page.getByRole('button', { name: '查询' }).click();
  const dictRow = page.getByRole('row').filter({ hasText: 'road_type' });
  const entries = page.getByRole('dialog');
  await openDialog(dictRow.getByRole('button', { name: '字典项' }), entries);
  const entry = entries.getByRole('row').filter({ hasText: '路外' });
  await entry.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog').filter({ hasText: '编辑字典项' });
  await field(edit, 'label').fill(label);
  await edit.getByRole('button', { name: '确认' }).click();
  await expect(edit).toBeHidden();
  try {
    await expect(entries.getByRole('row').filter({ hasText: label })).toBeVisible();
    await entries.locator('.cxd-Modal-footer').getByRole('button', { name: '关闭' }).click(); // tabs keep pages alive: an open dialog would cover the next screen
    await expect(entries).toBeHidden();
    await page.goto('/#/parking/parkingAdmin');
    await expect(page.getByRole('columnheader', { name: '名称' })).toBeVisible();
    await expect(async () => {
      await page.locator('.cxd-Select').filter({ hasText: '道路类型' }).click();
      await expect(page.locator('.cxd-Select-option').filter({ hasText: label })).toBeVisible({ timeout: 2000 });
    }).toPass();
  } finally {
    // other tests read the seeded label
    await api(page, 'put', '/api/dictDetail', { id: 'dd-road_type-2', label: '路外' });
  }
});

test('the tools page lists the configured addresses; the log screens find sign-ins', async ({ page }) => {
  await signInAndWait(page, ADMIN, '/tools/addresses');
  await expect(page.getByRole('link', { name: '/api/docs/openapi.json' })).toBeVisible();
  await expect(page.getByText('/api/file/Uploader/cloudStorage')).toBeVisible();

  await page.goto('/#/system/loginLog');
  await page.getByPlaceholder('账号').fill('admin');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('row').filter({ hasText: '登录成功' }).first()).toBeVisible();

  await page.goto('/#/system/operLog');
  // a sign-in's row names its module (登录, not the code auth) and its action
  const signIn = page.locator('.pc-amis-page:visible').getByRole('row').filter({ hasText: '登录成功' }).first();
  await expect(signIn.getByRole('cell', { name: '登录', exact: true })).toHaveCount(2);
});
