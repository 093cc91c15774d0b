import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, signInAndWait, uniqueSuffix, adminToken } from './fixtures';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Serves a page through the site bundle over a placeholder screen no other test uses. */
async function openSitePage(page: Page, schema: object, urlAddress = 'card/monthCardProduct') {
  const file = join(process.env.E2E_SITE_PAGES!, `${urlAddress}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(schema));
  await signInAndWait(page);
  await page.goto(`/#/${urlAddress}`);
}

test.describe.configure({ mode: 'serial' });

test('filters and the plate tag show the platform units', async ({ page }) => {
  await openSitePage(page, {
    type: 'page',
    title: '词汇',
    data: { fee: 1234, plate: '粤B12345', color: 3, phone: '13512346781', stay: 90061, inTime: 1700000000, owner: '${user.realName}' },
    body: [
      { type: 'tpl', tpl: '金额:${fee | cent}|车牌:${plate | plate}|颜色:${color | plateColor}|电话:${phone | phoneMask}|时长:${stay | duration}|入场:${inTime | timestamp}|用户:${user.realName}' },
      { type: 'pc-plate', name: 'plate', color: '${color}' },
    ],
  });
  const text = page.locator('.cxd-Page-body');
  await expect(text).toContainText('金额:12.34|车牌:粤B·12345|颜色:绿色|电话:135****6781|时长:1天1小时1分钟1秒|入场:2023-11-15 06:13:20|用户:系统管理员');
  const tag = page.locator('.pc-plate');
  await expect(tag).toHaveText('粤B·12345');
  await expect(tag).toHaveClass(/pc-plate--green/);
  await tag.click();
  await expect(page.getByText('复制成功，车牌：粤B·12345')).toBeVisible();
});

test('image upload checks the file, uploads it and keeps the value as a comma-separated string', async ({ page }) => {
  await openSitePage(page, {
    type: 'page',
    title: '上传',
    body: {
      type: 'form',
      api: 'post:/api/oauth/updateAvatar',
      body: [
        { type: 'pc-image-upload', name: 'photos', label: '照片', maxCount: 2 },
        { type: 'tpl', tpl: '值:${photos}' },
      ],
    },
  });
  const input = page.getByTestId('image-upload-input');
  await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('文件格式不正确，请上传png/jpg图片格式文件!')).toBeVisible();
  await input.setInputFiles({ name: 'a,b.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('文件名不正确，不能包含英文逗号!')).toBeVisible();
  await input.setInputFiles([
    { name: `a${uniqueSuffix()}.png`, mimeType: 'image/png', buffer: PNG },
    { name: `b${uniqueSuffix()}.png`, mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(page.locator('.pc-upload__thumb img')).toHaveCount(2);
  await expect(page.getByText(/^值:\/api\/file\/Image\/[^,]+,\/api\/file\/Image\/[^,]+$/)).toBeVisible();
  // the limit counts what is already there
  await expect(page.getByRole('button', { name: '上传图片' })).toHaveCount(0);
  await page.getByRole('button', { name: '删除图片' }).first().click();
  await expect(page.locator('.pc-upload__thumb img')).toHaveCount(1);
  await input.setInputFiles([
    { name: 'c.png', mimeType: 'image/png', buffer: PNG },
    { name: 'd.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(page.getByText('上传文件数量不能超过 2 个!')).toBeVisible();
});

test('validations and dictionary options speak the platform language', async ({ page }) => {
  await openSitePage(page, {
    type: 'page',
    title: '校验',
    body: {
      type: 'form',
      api: 'post:/api/oauth/updateAvatar',
      body: [
        { type: 'input-text', name: 'phone', label: '电话', validations: 'isPhone' },
        { type: 'input-text', name: 'site', label: '链接', validations: 'isLink' },
        { type: 'select', name: 'roadType', label: '道路类型', value: 2, source: 'get:/api/dictDetail?dictName=road_type&page=0&size=9999', labelField: 'label', valueField: 'value' },
        { type: 'pc-location', label: '位置' },
        { type: 'tpl', tpl: '坐标:${lng},${lat}' },
      ],
    },
  });
  await page.locator('[name="phone"]').fill('12345678901');
  await page.locator('[name="site"]').fill('javascript:alert(1)');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('请输入正确的电话号码')).toBeVisible();
  await expect(page.getByText(/请输入以 http/)).toBeVisible();
  // value 2 (a number) matches the dictionary's '2' entry
  await expect(page.locator('.cxd-Form-item').filter({ hasText: '道路类型' })).toContainText('路外');
  await expect(page.getByText(/未配置高德地图 Key/)).toBeVisible();
  await page.locator('[name="lng"]').fill('113.9476');
  await page.locator('[name="lat"]').fill('22.5432');
  await expect(page.locator('[name="lng"]')).toHaveValue('113.9476');
  await expect(page.getByText('坐标:113.9476,22.5432')).toBeVisible();
});

test('HAS_PERM hides a table column, and follows another user signing in without a reload', async ({ page }) => {
  // a screen both admin and operator have
  await openSitePage(
    page,
    {
      type: 'page',
      title: '列权限',
      body: {
        type: 'crud',
        api: 'get:/api/system/Parking',
        pageField: 'currentPage',
        perPageField: 'pageSize',
        columns: [
          { name: 'parkingName', label: '车场' },
          { name: 'contactPhone', label: '联系电话', visibleOn: "${HAS_PERM('parking:add')}" },
        ],
      },
    },
    'OrderManagement/parkingRecordOrder',
  );
  await expect(page.getByRole('columnheader', { name: '车场' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '联系电话' })).toBeVisible();
  const marker = await page.evaluate(() => ((window as unknown as { __sameDocument: number }).__sameDocument = Date.now()));

  // the session ends (cookie gone) and operator signs in on the same document
  await page.context().clearCookies();
  await page.goto('/#/login?redirect=%2FOrderManagement%2FparkingRecordOrder');
  await page.locator('input[name="account"]').fill('operator');
  await page.locator('input[name="password"]').fill('operator123');
  await page.getByRole('button', { name: /登 录/ }).click();
  await expect(page).toHaveURL(/#\/OrderManagement\/parkingRecordOrder$/);
  await expect(page.locator('thead th', { hasText: '车场' }).first()).toBeVisible();
  await expect(page.getByRole('cell').first()).toBeVisible();
  await expect(page.locator('thead th', { hasText: '联系电话' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument: number }).__sameDocument)).toBe(marker);
});

test('server data is shown as text, never run as HTML', async ({ page, request }) => {
  const evil = `<img src=x onerror="window.__xss=1">${uniqueSuffix()}`;
  const headers = { Authorization: await adminToken(request) };
  const created = await request.post('/api/system/Parking', {
    headers,
    data: { parkingName: evil.slice(0, 50), parkingCode: `X${uniqueSuffix()}`.slice(0, 32), type: 1, roadType: 2, regionCode: '440305', regionName: '南山区' },
  });
  const { data } = await created.json();
  try {
    await openSitePage(page, {
      type: 'page',
      title: '转义',
      body: [
        { type: 'service', api: `get:/api/system/Parking/${data.id}`, body: [{ type: 'tpl', tpl: '名称:${parkingName}' }] },
        { type: 'crud', api: 'get:/api/system/Parking?keyword=onerror', columns: [{ name: 'parkingName', label: '车场' }] },
      ],
    });
    await expect(page.getByText(`名称:${evil.slice(0, 50)}`)).toBeVisible();
    await expect(page.getByRole('cell', { name: evil.slice(0, 50) })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  } finally {
    await request.delete(`/api/system/Parking/${data.id}`, { headers });
  }
});
