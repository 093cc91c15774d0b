import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, signInAndWait, uniqueSuffix, adminToken, waitForRows, clickUntil, allowConsole } from './fixtures';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Serves a page through the site bundle over a placeholder screen no other test uses. */
async function openSitePage(page: Page, schema: object, urlAddress = 'finance/financeCharging') {
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
      {
        type: 'tpl',
        tpl: '金额:${fee | cent}|车牌:${plate | plate}|颜色:${color | plateColor}|电话:${phone | phoneMask}|时长:${stay | elapsed}|入场:${inTime | timestamp}|用户:${user.realName}',
      },
      { type: 'pc-plate', name: 'plate', color: '${color}' },
    ],
  });
  const text = page.locator('.cxd-Page-body');
  await expect(text).toContainText(
    '金额:12.34|车牌:粤B·12345|颜色:绿色|电话:135****6781|时长:1天1小时1分钟1秒|入场:2023-11-15 06:13:20|用户:系统管理员',
  );
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
        { type: 'select', name: 'roadType', label: '道路类型', value: 2, dict: 'road_type' },
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

test('a list says only what is particular to it: paging, page sizes, filter buttons, empty and loading texts are the console’s', async ({
  page,
}) => {
  let slow = true;
  await page.route(/\/api\/system\/ParkingLane\?/, async (route) => {
    if (slow) await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  const first = page.waitForRequest(/\/api\/system\/ParkingLane\?/);
  await openSitePage(page, {
    type: 'page',
    title: '列表',
    body: {
      type: 'crud',
      api: 'get:/api/system/ParkingLane',
      filter: { body: [{ type: 'input-text', name: 'keyword', placeholder: '车道编号或名称' }] },
      columns: [
        { name: 'laneName', label: '车道名称' },
        { name: 'direction', label: '方向', type: 'mapping', dict: 'lane_direction' },
      ],
    },
  });
  const spinner = page.locator('.cxd-Table .cxd-Spinner--overlay');
  await expect(spinner).toBeVisible();
  expect(await spinner.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"加载中,请稍等......."');
  expect(new URL((await first).url()).searchParams.get('pageSize')).toBe('10');
  slow = false;
  await waitForRows(page);
  await expect(page.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(10);
  await expect(page.getByRole('row').nth(1)).toContainText(/入口|出口/);
  await page.getByText('每页显示').locator('..').getByRole('combobox').click();
  await expect(page.locator('.cxd-Select-option')).toHaveText(['10', '15', '20', '50', '100', '200']);
  await page.locator('.cxd-Select-option').filter({ hasText: /^15$/ }).click();
  await expect(page.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(15);
  await expect(page.getByRole('button', { name: '重置' })).toBeVisible();
  await page.getByPlaceholder('车道编号或名称').fill('没有这个车道');
  await clickUntil(page.getByRole('button', { name: '查询' }), () => expect(page.getByText('暂无数据')).toBeVisible({ timeout: 2000 }));
});

test('one form for add and edit, shared fragments, lots from the base-data store, a plate input and named rules', async ({ page }) => {
  const lookups: string[] = [];
  page.on('request', (r) => r.url().includes('enabledmark=1') && lookups.push(r.url()));
  await openSitePage(page, {
    type: 'page',
    title: '表单',
    definitions: {
      'lot-select': { $fragment: 'lot-select' },
      'space-form': {
        type: 'form',
        body: [
          { type: 'select', $ref: 'lot-select', lots: 'lane' },
          { type: 'pc-input-plate', name: 'plateNo', label: '车牌' },
          { type: 'input-text', name: 'code', label: '编号', validations: { isCode: [1, 4] } },
          { type: 'input-text', name: 'phone', label: '电话', validations: 'isPhone' },
        ],
      },
    },
    body: [
      { type: 'form', $ref: 'space-form', title: '新增', api: 'post:/api/oauth/updateAvatar' },
      {
        type: 'form',
        $ref: 'space-form',
        title: '编辑',
        api: 'post:/api/oauth/updateAvatar',
        data: { parkingId: 'p-ft-cbd-04', plateNo: '粤B12345' },
      },
      { type: 'table', source: '${rows}', columns: [{ $fragment: 'status-column' }] },
    ],
    data: { rows: [{ enabledMark: 1 }, { enabledMark: 0 }] },
  });
  const [add, edit] = [page.locator('.cxd-Panel--form').nth(0), page.locator('.cxd-Panel--form').nth(1)];
  await expect(edit.locator('[name="plateNo"]')).toHaveValue('粤B12345');
  await expect(page.locator('.label-success')).toHaveText('启用');
  await expect(page.locator('.label-default')).toHaveText('停用');
  // the lane-type lots only (spec: type 1), read once for both forms
  // a select whose options are still loading drops the first click
  await expect(async () => {
    await add.locator('.cxd-Select').click();
    await expect(page.locator('.cxd-Select-option').filter({ hasText: '会展中心停车场' })).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(page.locator('.cxd-Select-option').filter({ hasText: '路侧泊位' })).toHaveCount(0);
  await page.locator('.cxd-Select-option').filter({ hasText: '会展中心停车场' }).click();
  expect(lookups.filter((u) => u.includes('type=1'))).toHaveLength(1);
  await add.locator('[name="plateNo"]').fill('粤b 1234');
  await add.locator('[name="code"]').fill('AB_CD');
  await add.locator('[name="phone"]').fill('19912345678');
  await add.getByRole('button', { name: '提交' }).click();
  await expect(add).toContainText('请输入正确的车牌号');
  await expect(add).toContainText('只能包含字母、数字、下划线或短横线，1-4位');
  await expect(add).toContainText('请输入正确的电话号码');
  await expect(add.locator('[name="plateNo"]')).toHaveValue('粤B1234');
});

test('a missing fragment fails the page like a malformed page file', async ({ page }) => {
  allowConsole(/status of 404 .*\/_fragments\/nowhere-/);
  await openSitePage(page, { type: 'page', title: '缺片段', body: { $fragment: `nowhere-${uniqueSuffix()}` } });
  const panel = page.getByRole('alert').filter({ hasText: '页面文件格式错误' });
  await expect(panel).toContainText('/site-pages/finance/financeCharging.json 第 1 行');
  await expect(panel.locator('pre')).toContainText('/pages-json/_fragments/nowhere-');
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
    // a screen both have (refunds is built now): the site page over it is removed at the end, so
    // later tests see the real screen
    'refund/refundApply',
  );
  const sitePage = join(process.env.E2E_SITE_PAGES!, 'refund/refundApply.json');
  try {
    await expect(page.getByRole('columnheader', { name: '车场' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '联系电话' })).toBeVisible();
    const marker = await page.evaluate(() => ((window as unknown as { __sameDocument: number }).__sameDocument = Date.now()));

    // the session ends (cookie gone) and operator signs in on the same document
    await page.context().clearCookies();
    await page.goto('/#/login?redirect=%2Frefund%2FrefundApply');
    await page.locator('input[name="account"]').fill('operator');
    await page.locator('input[name="password"]').fill('operator123');
    await page.getByRole('button', { name: /登 录/ }).click();
    await expect(page).toHaveURL(/#\/refund\/refundApply$/);
    await expect(page.locator('thead th', { hasText: '车场' }).first()).toBeVisible();
    await expect(page.getByRole('cell').first()).toBeVisible();
    await expect(page.locator('thead th', { hasText: '联系电话' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument: number }).__sameDocument)).toBe(marker);
  } finally {
    rmSync(sitePage, { force: true });
  }
});

test('server data is shown as text, never run as HTML', async ({ page, request }) => {
  const evil = `<img src=x onerror="window.__xss=1">${uniqueSuffix()}`;
  const headers = { Authorization: await adminToken(request) };
  const created = await request.post('/api/system/Parking', {
    headers,
    data: {
      parkingName: evil.slice(0, 50),
      parkingCode: `X${uniqueSuffix()}`.slice(0, 32),
      type: 1,
      roadType: 2,
      regionCode: '440305',
      regionName: '南山区',
    },
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

test('a lot select whose lookup gets no answer says 接口请求失败 and asks again when opened', async ({ page }) => {
  // the lookup of all lots (the lane list's filter) has its connection reset until the test lets it through
  let reset = true;
  await page.route(/\/api\/system\/Parking\?pageSize=1000&enabledmark=1$/, (route) =>
    reset ? route.abort('connectionreset') : route.continue(),
  );
  await signInAndWait(page, undefined, '/parking/parkingLane');
  await waitForRows(page);
  await expect(page.getByText('接口请求失败').first()).toBeVisible();
  reset = false;
  // opening the filter's lot select asks again, and its lots are there
  const lots = page.locator('.cxd-Select').filter({ hasText: '停车场' }).first();
  const lot = page.getByRole('option', { name: '罗湖口岸交通枢纽停车场' });
  await clickUntil(lots, () => expect(lot).toBeVisible({ timeout: 3000 }));
});
