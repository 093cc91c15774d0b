import ExcelJS from 'exceljs';
import md5 from 'blueimp-md5';
import { readFileSync } from 'node:fs';
import { ADMIN, test, expect, signInAndWait, waitForRows, adminToken, uniqueSuffix } from './fixtures';

/** 首页 and 财务报表 as an operator and a manager meet them: the figures match the screens behind them and the money adds up. */

const chinaDay = (offsetDays: number) => new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

test('the dashboard’s cars in park equal the open orders 停车订单 lists behind its link', async ({ page }) => {
  await signInAndWait(page, ADMIN, '/dashboard');
  const card = page.locator('[data-kpi="inPark"]');
  await expect(card.locator('.pc-dash-kpi-value')).toHaveText(/^\d+$/);
  // another spec may add an entry meanwhile: the two readings are taken again until they agree
  await expect
    .poll(async () => {
      const shown = Number(await card.locator('.pc-dash-kpi-value').textContent());
      const res = await page.request.get('/api/order/ParkingOrder?inPark=1&currentPage=1&pageSize=1', {
        headers: { Authorization: await adminToken(page.request) },
      });
      const listed = (await res.json()).data.pagination.total as number;
      if (shown !== listed) await page.getByRole('button', { name: '刷新' }).click();
      return shown === listed && shown > 0;
    })
    .toBe(true);
  const shown = await card.locator('.pc-dash-kpi-value').textContent();
  await card.getByRole('link', { name: '在场车辆' }).click();
  await expect(page).toHaveURL(/parkingRecordOrder\?inPark=1/);
  await waitForRows(page);
  await expect(page.locator('.pc-stat').first()).toContainText(`订单：${shown} 笔`);
});

test('a lot-limited operator sees that lot’s figures only, and no income card without the finance menus', async ({ page }) => {
  const request = page.request;
  const headers = { Authorization: await adminToken(request) };
  const lots = (await (await request.get('/api/system/Parking?pageSize=50', { headers })).json()).data.list as {
    id: string;
    totalSpaces: number;
    enabledMark: number;
  }[];
  const lot = lots.find((l) => l.totalSpaces > 0 && l.enabledMark === 1)!;
  const account = `dash${uniqueSuffix()}`.slice(0, 20);
  const created = await request.post('/api/system/Permission/Users', {
    headers,
    data: {
      account,
      realName: '单场值班',
      roleIds: ['r-operator'],
      parkingIds: [lot.id],
      status: 1,
      userPassword: md5('Dash12345'),
      validatePassword: md5('Dash12345'),
    },
  });
  expect((await created.json()).code).toBe(200);

  await signInAndWait(page, { account, password: 'Dash12345' }, '/dashboard');
  await expect(page.locator('[data-kpi="free"] .pc-dash-kpi-note')).toHaveText(`共 ${lot.totalSpaces} 个车位`);
  await expect(page.locator('[data-kpi="inPark"]')).toBeVisible();
  await expect(page.locator('[data-kpi="received"]')).toHaveCount(0);
  await expect(page.locator('[data-kpi="charging"]')).toHaveCount(0);
  await expect(page.getByRole('region', { name: '今日收入（按渠道）' })).toHaveCount(0);
  // the operator handles devices and arrears, not refund reviews
  await expect(page.locator('[data-todo="devicesOffline"]')).toBeVisible();
  await expect(page.locator('[data-todo="refunds"]')).toHaveCount(0);
});

test('a to-do opens its screen with the filter applied', async ({ page }) => {
  await signInAndWait(page, ADMIN, '/dashboard');
  const todo = page.locator('[data-todo="monthCards"]');
  await expect(todo).toBeVisible();
  const count = Number(await todo.locator('b').textContent());
  await todo.click();
  await expect(page).toHaveURL(/card\/monthCard\?status=2/);
  await expect(page.locator('.cxd-Crud').first()).toBeVisible();
  await expect(page.locator('.cxd-Spinner')).toHaveCount(0);
  // the list asked for lapsing cards only: every row says 即将过期, as many as the to-do counted (a page at most)
  const rows = page.locator('.cxd-Table-table > tbody > tr');
  await expect(rows).toHaveCount(Math.min(count, 10));
  for (const row of await rows.all()) await expect(row).toContainText('即将过期');
});

test('a day’s report equals the payments minus refunds of its drill-down, and the export has the same totals', async ({ page }) => {
  const day = chinaDay(-1);
  await signInAndWait(page, ADMIN, `/finance/financeDaily?dateRange=${day},${day}`);
  await waitForRows(page);
  await expect(page.locator('.pc-stat').first()).toContainText(`${day} 至 ${day}`);
  const rows = page.getByRole('row').filter({ hasText: day });
  await expect(rows.first()).toBeVisible();
  // the busiest lot of the day: its net, then the movements behind it
  const row = rows.first();
  const netCells = row.locator('td').nth(11);
  const net = cents((await netCells.textContent()) ?? '');
  const movements = page.waitForResponse((r) => r.url().includes('/api/finance/Movements'));
  await row.getByRole('button', { name: '收退款明细' }).click();
  const body = await (await movements).json();
  const list = body.data.list as { cents: number }[];
  expect(list.length).toBeGreaterThan(0);
  expect(list.reduce((s, m) => s + m.cents, 0)).toBe(net);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`净收 ${(net / 100).toFixed(2)} 元`);
  await dialog.getByRole('button', { name: '关闭', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);

  const totalsRow = page.getByRole('row').filter({ hasText: '合计' });
  const totalNet = cents((await totalsRow.locator('td').nth(11).textContent()) ?? '');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await download;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const last = sheet.getRow(sheet.rowCount);
  expect(last.getCell(1).value).toBe('合计');
  expect(Math.round(Number(last.getCell(12).value) * 100)).toBe(totalNet);
});
