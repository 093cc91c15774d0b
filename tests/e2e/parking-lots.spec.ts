import { test, expect, signInAndWait, OPERATOR, uniqueSuffix } from './fixtures';
import type { Locator, Page } from '@playwright/test';

/** amis form controls carry their field name; their labels are not linked to them. */
const field = (scope: Locator, name: string) => scope.locator(`[name="${name}"]`);

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.locator('.cxd-Form-item').filter({ hasText: label }).locator('.cxd-Select').click();
  await page.locator('.cxd-Select-option').filter({ hasText: option }).click();
}

async function openLots(page: Page) {
  await page.goto('/#/parking/parkingAdmin');
  await expect(page.getByRole('columnheader', { name: '名称' })).toBeVisible();
}

async function search(page: Page, keyword: string) {
  await page.getByPlaceholder('停车场名称或编号').fill(keyword);
  await page.getByRole('button', { name: '查询' }).click();
}

test('admin creates a parking lot, it survives a reload, edits it and deletes it after confirming', async ({ page }) => {
  const suffix = uniqueSuffix();
  const name = `测试停车场${suffix}`;
  const code = `T${suffix}`.slice(0, 32);
  await signInAndWait(page);
  await openLots(page);

  await page.getByRole('button', { name: '新增停车场' }).click();
  const dialog = page.getByRole('dialog');
  await field(dialog, 'parkingName').fill(name);
  await field(dialog, 'parkingCode').fill(code);
  await choose(page, dialog, '所属区域', '南山区');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await openLots(page);
  await search(page, code);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('南山区');

  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog');
  await expect(field(edit, 'parkingName')).toHaveValue(name);
  await field(edit, 'parkingName').fill(`${name}改`);
  await edit.getByRole('button', { name: '确认' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `${name}改` })).toBeVisible();

  await page.getByRole('row').filter({ hasText: `${name}改` }).getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`确定删除停车场「${name}改」吗？`);
  await confirm.getByRole('button', { name: '确认' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await page.reload();
  await openLots(page);
  await search(page, code);
  await expect(page.getByText('暂无数据')).toBeVisible();
});

test('the add form explains a bad phone number and keeps what was typed', async ({ page }) => {
  await signInAndWait(page);
  await openLots(page);
  await page.getByRole('button', { name: '新增停车场' }).click();
  const dialog = page.getByRole('dialog');
  await field(dialog, 'parkingName').fill('电话校验');
  await field(dialog, 'contactPhone').fill('12345');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog.getByText('请输入正确的电话号码')).toBeVisible();
  await expect(dialog.getByText('停车场编号不能为空')).toBeVisible();
  await expect(field(dialog, 'parkingName')).toHaveValue('电话校验');
});

test('the server message shows when a parking code is taken', async ({ page }) => {
  await signInAndWait(page);
  await openLots(page);
  const existing = 'FT-SNZL-01'; // a seeded lot
  await page.getByRole('button', { name: '新增停车场' }).click();
  const dialog = page.getByRole('dialog');
  await field(dialog, 'parkingName').fill('重复编号');
  await field(dialog, 'parkingCode').fill(existing);
  await choose(page, dialog, '所属区域', '福田区');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog.getByText('停车场编号已存在')).toBeVisible();
  await expect(field(dialog, 'parkingName')).toHaveValue('重复编号');
});

test('the list pages through lots with the page-size choices of the spec', async ({ page }) => {
  await signInAndWait(page);
  await openLots(page);
  await expect(page.getByRole('row')).toHaveCount(11); // header + 10 by default
  await page.getByText('每页显示').locator('..').getByRole('combobox').click();
  const options = page.locator('.cxd-Select-option');
  await expect(options).toHaveText(['10', '15', '20', '50', '100', '200']);
  await options.filter({ hasText: /^20$/ }).click();
  await expect(page.getByRole('row')).not.toHaveCount(11);
});

test('operator sees the lots without the add and delete buttons', async ({ page }) => {
  await signInAndWait(page, OPERATOR);
  await openLots(page);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: '新增停车场' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '编辑' }).first()).toBeVisible();
});
