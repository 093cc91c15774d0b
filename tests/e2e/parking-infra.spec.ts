import jsQR from 'jsqr';
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { test, expect, signInAndWait, OPERATOR, uniqueSuffix, waitForRows, ADMIN } from './fixtures';
import type { Locator, Page } from '@playwright/test';

/** Lanes, spaces, devices and areas: the screens an operator sets the estate up with. */

const field = (scope: Locator | Page, name: string) => scope.locator(`[name="${name}"]:visible`);

/**
 * Opens a select and picks an option; retried, since a select whose options are still loading (or
 * that re-renders) drops the first click. The select is clicked only while no list is open: a
 * second click would close the list a slow machine is still drawing.
 */
async function choose(page: Page, select: Locator, option: string | RegExp) {
  const listed = page.locator('.cxd-Select-option:visible');
  await expect(async () => {
    if ((await listed.count()) === 0) await select.click();
    await listed.filter({ hasText: option }).first().click({ timeout: 5000 });
  }).toPass();
}

async function pickOption(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await choose(page, scope.locator('.cxd-Form-item').filter({ hasText: label }).locator('.cxd-Select').first(), option);
}

async function filterBy(page: Page, placeholder: string, option: string) {
  await choose(page, page.locator('.cxd-Select').filter({ hasText: placeholder }).first(), option);
  await page.getByRole('button', { name: '查询' }).click();
}

const rows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') });

test('lanes: filter, page, add, edit, delete', async ({ page }) => {
  const code = `E${uniqueSuffix()}`.slice(0, 12);
  await signInAndWait(page, ADMIN, '/parking/parkingLane');
  await expect(page.getByRole('columnheader', { name: '车道名称' })).toBeVisible();
  await waitForRows(page);
  await expect(rows(page)).toHaveCount(10); // first page of 46
  await filterBy(page, '停车场', '福田中心区会展中心停车场');
  await expect(rows(page)).toHaveCount(8);
  await filterBy(page, '方向', '出口');
  await expect(rows(page)).toHaveCount(4);

  await page.getByRole('button', { name: '新增车道' }).click();
  const dialog = page.getByRole('dialog');
  await pickOption(page, dialog, '所属停车场', '科技园科苑路停车场');
  await field(dialog, 'laneCode').fill(code);
  await field(dialog, 'laneName').fill('测试出口');
  await pickOption(page, dialog, '车道方向', '出口');
  await pickOption(page, dialog, '二维码类型', '出口码');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('车道编号或名称').fill(code);
  await page.locator('.cxd-Select').filter({ hasText: '福田中心区会展中心停车场' }).locator('.cxd-Select-clear').click();
  await page.getByRole('button', { name: '查询' }).click();
  const row = rows(page).filter({ hasText: code });
  await expect(row).toContainText('科技园科苑路停车场');
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog');
  await expect(field(edit, 'laneName')).toHaveValue('测试出口');
  await field(edit, 'laneName').fill('测试出口改');
  await edit.getByRole('button', { name: '确认' }).click();
  await expect(rows(page).filter({ hasText: '测试出口改' })).toBeVisible();
  await rows(page).filter({ hasText: code }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('暂无数据')).toBeVisible();
});

test('lanes: the downloaded QR is a PNG of the lane scan URL; the preview shows the same URL; void blocks it', async ({
  page,
  baseURL,
}) => {
  await signInAndWait(page, ADMIN, '/parking/parkingLane');
  await page.getByPlaceholder('车道编号或名称').fill('OUT01');
  await filterBy(page, '停车场', '海岸城购物中心停车场');
  const row = rows(page).filter({ hasText: 'OUT01' });
  await expect(row).toHaveCount(1);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: '下载二维码' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^\d{8}-\d{6}_海岸城购物中心停车场-1号出口\.png$/);
  const png = PNG.sync.read(readFileSync(await file.path()));
  const text = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  expect(text).toBe(`${new URL(baseURL!).origin}/scan.html#/scanQRcode?parkingId=p-ns-hac-02&laneId=l-ns-hac-02-2`);

  await row.getByRole('button', { name: '预览二维码' }).click();
  const preview = page.getByRole('dialog');
  await expect(preview.locator('svg, canvas').first()).toBeVisible();
  await expect(preview).toContainText(text!);
  await preview.locator('.cxd-Modal-footer').getByRole('button', { name: '关闭' }).click();

  await row.getByRole('button', { name: '作废' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(row).toContainText('作废');
  await row.getByRole('button', { name: '重新生成' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(row).toContainText('正常');
});

test('spaces: batch add, filter by type and status, release a long-rental space', async ({ page }) => {
  const prefix = `Z${uniqueSuffix().slice(-5)}-`;
  await signInAndWait(page, ADMIN, '/parking/parkingSpace');
  await expect(page.getByRole('columnheader', { name: '车位编号' })).toBeVisible();
  await waitForRows(page);

  await expect(rows(page)).toHaveCount(10);
  const dialog = page.getByRole('dialog');
  // the toolbar may re-render right after the first load; click until the dialog is there
  await expect(async () => {
    await page.getByRole('button', { name: '批量新增' }).click();
    await expect(dialog).toBeVisible({ timeout: 1000 });
  }).toPass();
  await pickOption(page, dialog, '所属停车场', '东门老街地下停车场');
  await field(dialog, 'prefix').fill(prefix);
  await field(dialog, 'count').fill('12');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('车位编号/车牌/长租人').fill(prefix);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByText(/12/).first()).toBeVisible();

  await page.getByPlaceholder('车位编号/车牌/长租人').fill('');
  await filterBy(page, '车位类型', '长租');
  await filterBy(page, '车位状态', '占用');
  const row = rows(page).first();
  const spaceNo = (await row.getByRole('cell').first().innerText()).trim();
  await expect(row).toContainText('长租');
  await row.getByRole('button', { name: '退租' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await page.getByPlaceholder('车位编号/车牌/长租人').fill(spaceNo);
  await page.locator('.cxd-Select').filter({ hasText: '占用' }).locator('.cxd-Select-clear').click();
  await page.getByRole('button', { name: '查询' }).click();
  const released = rows(page).filter({ hasText: spaceNo }).first();
  await expect(released).toContainText('空闲');
  await expect(released.getByRole('button', { name: '退租' })).toHaveCount(0);
});

test('devices: online/offline figures and filters by type and state', async ({ page }) => {
  await signInAndWait(page, ADMIN, '/monitoring/device');
  await expect(page.getByText(/在线 \d+ 台，离线 \d+ 台/)).toBeVisible();
  await filterBy(page, '设备类型', '道闸控制器');
  await expect(rows(page)).toHaveCount(10);
  for (const r of await rows(page).all()) await expect(r).toContainText('道闸控制器');
  await filterBy(page, '在线状态', '在线');
  for (const r of await rows(page).all()) await expect(r.getByRole('cell').nth(8)).toHaveText('在线');
});

test('areas: the tree lists the districts; a node is added and deleted', async ({ page }) => {
  const code = `Z${uniqueSuffix()}`.slice(0, 16);
  await signInAndWait(page, ADMIN, '/parking/parkingArea');
  await expect(rows(page).filter({ hasText: '福田区' })).toBeVisible();
  await page.getByRole('button', { name: '新增区域' }).click();
  const dialog = page.getByRole('dialog');
  await field(dialog, 'areaName').fill('测试分区');
  await field(dialog, 'areaCode').fill(code);
  await pickOption(page, dialog, '区域层级', '行政区');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  const row = rows(page).filter({ hasText: code });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(rows(page).filter({ hasText: code })).toHaveCount(0);
});

test('operator: no add/delete on lanes and spaces, and the server answers 403 anyway', async ({ page }) => {
  await signInAndWait(page, OPERATOR, '/parking/parkingSpace');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '新增车位' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0);
  await page.goto('/#/parking/parkingLane');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '新增车道' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0);
  const token = (await page.context().cookies()).find((c) => /token/i.test(c.name))?.value ?? '';
  const headers = { Authorization: decodeURIComponent(token) };
  expect((await page.request.delete('/api/system/ParkingLane/l-ns-kjy-01-1', { headers })).status()).toBe(403);
  expect(
    (
      await page.request.post('/api/system/ParkingSpace/batch', { headers, data: { parkingId: 'p-ns-kjy-01', count: 1, spaceType: 1 } })
    ).status(),
  ).toBe(403);
  expect((await page.request.delete('/api/system/ParkingSpace/s-ns-kjy-01-1', { headers })).status()).toBe(403);
});
