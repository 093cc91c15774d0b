import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { test, expect, signInAndWait, OPERATOR, uniqueSuffix, waitForRows, clickUntil, ADMIN } from './fixtures';
import type { Locator, Page } from '@playwright/test';

/** amis form controls carry their field name; their labels are not linked to them. */
const field = (scope: Locator | Page, name: string) => scope.locator(`[name="${name}"]:visible`);

async function openLots(page: Page) {
  await page.goto('/#/parking/parkingAdmin');
  await expect(page.getByRole('columnheader', { name: '名称' })).toBeVisible();
  await waitForRows(page);
}

async function search(page: Page, keyword: string) {
  await page.getByPlaceholder('停车场名称或编号').fill(keyword);
  await page.getByRole('button', { name: '查询' }).click();
}

test('admin adds a lot on its own page (region from the address), edits it, deletes it after the bindIf check', async ({ page }) => {
  const suffix = uniqueSuffix();
  const name = `测试停车场${suffix}`;
  const code = `T${suffix}`.slice(0, 32);
  await signInAndWait(page);
  await openLots(page);

  await clickUntil(page.getByRole('button', { name: '新增停车场' }), () =>
    expect(page).toHaveURL(/#\/parkingAdmin\/add\/0$/, { timeout: 2000 }),
  );
  const form = page.locator('form').filter({ has: field(page, 'parkingName') });
  await field(form, 'parkingName').fill(name);
  await field(form, 'parkingCode').fill(code);
  await field(form, 'address').fill('广东省深圳市南山区科技南十二路2号');
  await field(form, 'lng').fill('113.9512');
  await field(form, 'lat').fill('22.5301');
  await page.getByRole('button', { name: '按地址识别区划' }).click();
  await expect(field(form, 'regionCode')).toHaveValue('440305');
  await expect(field(form, 'regionName')).toHaveValue('南山区');
  await field(form, 'contactPhone').fill('13800001111');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/#\/parking\/parkingAdmin$/);

  await openLots(page);
  await search(page, code);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('南山区');

  await row.getByRole('button', { name: '编辑' }).click();
  await expect(page).toHaveURL(/#\/parkingAdmin\/add\/p-/);
  await expect(field(page, 'parkingName')).toHaveValue(name);
  await field(page, 'parkingName').fill(`${name}改`);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/#\/parking\/parkingAdmin$/);
  await search(page, code);
  await page
    .getByRole('row')
    .filter({ hasText: `${name}改` })
    .getByRole('button', { name: '删除' })
    .click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`确定删除停车场「${name}改」吗？`);
  await confirm.getByRole('button', { name: '确认' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await search(page, code);
  await expect(page.getByText('暂无数据')).toBeVisible();
});

test('deleting a bound lot is refused with the reason from bindIf', async ({ page }) => {
  await signInAndWait(page);
  await openLots(page);
  await search(page, 'FT-CBD-04');
  await page.getByRole('row').filter({ hasText: 'FT-CBD-04' }).getByRole('button', { name: '删除' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/该停车场已绑定车道\d+条、车位1850个/);
  // amis draws the disabled 确认 as a <div>; the build's patch makes it a disabled button to a screen reader
  await expect(dialog.getByRole('button', { name: '确认' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '确认' })).toBeDisabled();
});

test('the add page explains a bad phone number and keeps what was typed', async ({ page }) => {
  await signInAndWait(page, ADMIN, '/parkingAdmin/add/0');
  await field(page, 'parkingName').fill('电话校验');
  await field(page, 'contactPhone').fill('12345');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('请输入正确的电话号码')).toBeVisible();
  await expect(page.getByText('停车场编号不能为空')).toBeVisible();
  await expect(field(page, 'parkingName')).toHaveValue('电话校验');
});

test('the server message shows when a parking code is taken', async ({ page }) => {
  await signInAndWait(page, ADMIN, '/parkingAdmin/add/0');
  await field(page, 'parkingName').fill('重复编号');
  await field(page, 'parkingCode').fill('FT-SNZL-01');
  await field(page, 'regionCode').fill('440304');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('停车场编号已存在')).toBeVisible();
  await expect(field(page, 'parkingName')).toHaveValue('重复编号');
});

test('filters, summary figures and paging with the spec page sizes', async ({ page }) => {
  await signInAndWait(page);
  await openLots(page);
  const main = page.getByRole('main');
  await expect(main).toContainText(/停车场：\d+\s*启用：\d+\s*总车位：\d+/);
  await expect(page.getByRole('row')).toHaveCount(11); // header + 10 by default
  await page.getByText('每页显示').locator('..').getByRole('combobox').click();
  const options = page.locator('.cxd-Select-option');
  await expect(options).toHaveText(['10', '15', '20', '50', '100', '200']);
  await options.filter({ hasText: /^20$/ }).click();
  // 15 seeded lots (others' tests may add a few meanwhile): all on one page now
  await expect.poll(() => page.getByRole('row').count()).toBeGreaterThanOrEqual(16);
  await search(page, 'NS-');
  await expect(page.getByRole('row')).toHaveCount(6);
  // the figures follow the filter: the five seeded lots of 南山区, 2,180 spaces
  await expect(main).toContainText(/停车场：5\s*启用：5\s*总车位：2180\s*/);
});

test('export downloads an xlsx of the filtered rows', async ({ page }) => {
  await signInAndWait(page);
  await openLots(page);
  await search(page, 'LH-');
  await expect(page.getByRole('row')).toHaveCount(6);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^\d{8}-\d{6}_停车场列表\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
  const codes = wb.worksheets[0].getColumn(1).values.slice(2) as string[];
  expect([...codes].sort()).toEqual(['LH-BA-04', 'LH-CD-05', 'LH-DM-01', 'LH-KA-03', 'LH-RMN-02']);
});

test('operator sees the lots without add and delete, and the server answers 403 if called anyway', async ({ page }) => {
  await signInAndWait(page, OPERATOR);
  await openLots(page);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: '新增停车场' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '编辑' }).first()).toBeVisible();
  const token = (await page.context().cookies()).find((c) => /token/i.test(c.name))?.value ?? '';
  const headers = { Authorization: decodeURIComponent(token) };
  const del = await page.request.delete('/api/system/Parking/p-ft-hqb-02', { headers });
  expect(del.status()).toBe(403);
  const post = await page.request.post('/api/system/Parking', {
    headers,
    data: { parkingCode: 'OP-1', parkingName: 'x', type: 1, roadType: 2 },
  });
  expect(post.status()).toBe(403);
});
