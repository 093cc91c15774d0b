import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, signInAndWait, waitForRows, clickUntil, adminToken, ADMIN, OPERATOR } from './fixtures';
import { signedNotify } from '../../server/public/payments';

/**
 * A driver's money, end to end: the QR that 车道管理 prints, decoded, opens the bill of the car the
 * test drove up to that barrier; the driver pays through the simulated wallet; the console shows
 * the order paid. A monthly card holder at the barrier pays nothing and the barrier opens. A receipt's
 * QR from 订单详情 opens that order's bill; a plate's old debt is paid with its stay and recovered; a
 * repeated notify pays once; an unknown order says so; the collector's handheld payment names the
 * collector in the order's details.
 */

interface Lane {
  id: string;
  parkingId: string;
  laneName: string;
  laneCode: string;
  parkingName: string;
}
interface Order {
  id: string;
  plateNo: string;
  parkingId: string;
  entryTime: number;
}

const phone = { viewport: { width: 375, height: 667 }, hasTouch: true, locale: 'zh-CN' };

async function api(request: APIRequestContext) {
  const headers = { Authorization: await adminToken(request) };
  const get = async (url: string) => {
    const body = await (await request.get(url, { headers })).json();
    expect(body.code, body.msg).toBe(200);
    return body.data;
  };
  const post = async (url: string, data: unknown, extra: Record<string, string> = {}) => {
    const body = await (await request.post(url, { headers: { ...headers, ...extra }, data })).json();
    expect(body.code, `${url}: ${body.msg}`).toBe(200);
    return body.data;
  };
  return { get, post };
}

/** The URL a downloaded QR PNG holds. */
async function qrOf(download: Promise<import('@playwright/test').Download>): Promise<string> {
  const png = PNG.sync.read(readFileSync((await (await download).path())!));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
}

/** Opens a printed code's address (its path and hash, on the server under test) on a phone. */
async function openOnPhone(browser: Browser, url: string, base: string) {
  const driver = await (await browser.newContext(phone)).newPage();
  await driver.goto(new URL(new URL(url).pathname + new URL(url).hash, base).toString());
  return driver;
}

/** Pays the bill on the phone through the simulated wallet, to 支付成功; answers what it showed due. */
async function payOnPhone(driver: Page): Promise<string> {
  const due = (await driver.getByTestId('bill-due').textContent())!;
  await driver.getByTestId('pay-button').click();
  await driver.getByRole('dialog').getByRole('button', { name: '确认支付' }).click();
  await expect(driver.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 20_000 });
  await expect(driver.getByTestId('result-paid')).toContainText(due);
  return due;
}

/** The order's 支付记录 tab in the console, signed in as admin: its rows. */
async function paymentRows(page: Page, orderId: string) {
  await signInAndWait(page, ADMIN, `/OrderManagement/parkingRecordOrderInfo/${orderId}`);
  await page.getByRole('tab', { name: '支付记录' }).click();
  return page.getByRole('row');
}

/**
 * An in-park car of `carClass` in a lot with an exit lane whose code is valid, and that lane; with
 * `kind`, one whose bill at that barrier is of that kind (a temporary car may owe nothing yet).
 * The car is not driven up: the caller does that.
 */
async function carAndLane(request: APIRequestContext, carClass: number, kind?: string): Promise<{ car: Order; lane: Lane }> {
  const { get, post } = await api(request);
  const lanes = (await get('/api/system/ParkingLane?direction=2&qrStatus=1&pageSize=500')).list as Lane[];
  const orders = (await get(`/api/order/ParkingOrder?state=0&carClass=${carClass}&pageSize=500`)).list as Order[];
  const hourAgo = Date.now() - 3_600_000;
  // the first lane of a lot: the other public specs drive their cars to the last one
  const cars = orders.filter((o) => lanes.some((l) => l.parkingId === o.parkingId) && Number(o.entryTime) < hourAgo);
  expect(cars.length, `an in-park car of class ${carClass} in a gated lot`).toBeGreaterThan(0);
  for (const car of cars.sort(() => Math.random() - 0.5).slice(0, 10)) {
    const lane = lanes.find((l) => l.parkingId === car.parkingId)!;
    if (!kind) return { car, lane };
    await post(`/api/system/ParkingLane/${lane.id}/Actions/Arrive`, { plateNo: car.plateNo });
    const bill = await (await request.get(`/api/public/Scan/Lane?parkingId=${lane.parkingId}&laneId=${lane.id}`)).json();
    if (bill.data?.kind === kind) return { car, lane };
  }
  throw new Error(`no car of class ${carClass} whose bill is ${kind}`);
}

test('the lane QR from 车道管理 opens the bill of the car at that barrier; paid from a phone, the console shows it paid', async ({
  page,
  browser,
  request,
}) => {
  const { post } = await api(request);
  const { car, lane } = await carAndLane(request, 1, 'bill');

  // 车道管理 › 下载二维码: a PNG whose code is the lane's public address
  await signInAndWait(page, ADMIN, '/parking/parkingLane');
  await waitForRows(page);
  await page.getByPlaceholder('车道编号或名称').fill(lane.laneCode);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row').filter({ hasText: lane.laneCode }).filter({ hasText: lane.parkingName });
  await expect(row).toHaveCount(1);
  const download = page.waitForEvent('download');
  await clickUntil(row.getByRole('button', { name: '下载二维码' }), async () => {
    await download;
  });
  const png = PNG.sync.read(readFileSync((await (await download).path())!));
  const url = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
  expect(url).toMatch(new RegExp(`/scan\\.html#/scanQRcode\\?parkingId=${car.parkingId}&laneId=${lane.id}$`));

  await post(`/api/system/ParkingLane/${lane.id}/Actions/Arrive`, { plateNo: car.plateNo });
  const driver = await (await browser.newContext(phone)).newPage();
  await driver.goto(new URL(new URL(url).pathname + new URL(url).hash, page.url()).toString());
  await expect(driver.getByTestId('plate')).toHaveText(car.plateNo);
  const due = (await driver.getByTestId('bill-due').textContent())!;
  await driver.getByTestId('pay-button').click();
  await driver.getByRole('dialog').getByRole('button', { name: '确认支付' }).click();
  await expect(driver.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 20_000 });
  await expect(driver.getByTestId('result-paid')).toContainText(due);

  // the console: the order has left, paid, with the payment in its details
  await page.goto(`/#/OrderManagement/parkingRecordOrderInfo/${car.id}`);
  await expect(page.getByText('已完成').first()).toBeVisible();
  await page.getByRole('tab', { name: '支付记录' }).click();
  // one payment, by WeChat, of what the phone showed
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: '微信' })
      .filter({ hasText: due.replace('¥', '') }),
  ).toHaveCount(1);
});

test('a monthly card holder at the barrier pays nothing: the card is named and the barrier opens', async ({ browser, request }) => {
  const { get, post } = await api(request);
  const { car, lane } = await carAndLane(request, 2, 'card');
  await post(`/api/system/ParkingLane/${lane.id}/Actions/Arrive`, { plateNo: car.plateNo });
  const driver = await (await browser.newContext(phone)).newPage();
  await driver.goto(`/scan.html#/scanQRcode?parkingId=${lane.parkingId}&laneId=${lane.id}`);
  await expect(driver.getByTestId('plate')).toHaveText(car.plateNo);
  await expect(driver.getByTestId('pay-button')).toHaveCount(0);
  await driver.getByRole('button', { name: '开闸出场' }).click();
  await expect(driver.getByText('道闸已开启，请通行')).toBeVisible();
  const order = await get(`/api/order/ParkingOrder/${car.id}`);
  expect(order.exitTime).toBeTruthy();
  expect(order.payments).toEqual([]);
});

test('a receipt QR from 订单详情 opens that order’s bill on a phone', async ({ page, browser, request }) => {
  const { car } = await carAndLane(request, 1);
  await signInAndWait(page, ADMIN, `/OrderManagement/parkingRecordOrderInfo/${car.id}`);
  await expect(page.getByRole('button', { name: '小票二维码' })).toBeVisible();
  const download = page.waitForEvent('download');
  await clickUntil(page.getByRole('button', { name: '下载二维码' }), async () => {
    await download;
  });
  expect((await download).suggestedFilename()).toMatch(/小票二维码-P\d+\.png$/);
  const url = await qrOf(download);
  expect(url).toMatch(/\/scan\.html#\/orderInfoByQRcode\?token=[0-9a-f]{32}$/);

  const driver = await openOnPhone(browser, url, page.url());
  await expect(driver.getByRole('heading', { name: '订单详情', level: 1 })).toBeVisible();
  await expect(driver.getByTestId('plate')).toHaveText(car.plateNo);
  await expect(driver.getByTestId('bill-due')).toHaveText(/^¥\d+\.\d\d$/);
});

test('an unknown order token on /orderInfoByQRcode says so plainly', async ({ browser }) => {
  const driver = await (await browser.newContext(phone)).newPage();
  await driver.goto('/scan.html#/orderInfoByQRcode?token=0123456789abcdef0123456789abcdef');
  await expect(driver.getByRole('alert')).toHaveText('订单不存在');
  await expect(driver.getByRole('button', { name: '重试' })).toBeVisible();
  // a token that is no token at all: the same plain words as any code that names nothing
  await driver.goto('/scan.html#/orderInfoByQRcode');
  await expect(driver.getByRole('alert')).toBeVisible();
  await expect(driver.getByTestId('plate')).toHaveCount(0);
});

test('a plate with an open debt pays the debt and the stay together, and the debt is recovered', async ({ page, browser, request }) => {
  const { get, post } = await api(request);
  const lanes = (await get('/api/system/ParkingLane?qrStatus=1&pageSize=500')).list as (Lane & { direction: number })[];
  const inPark = new Set(((await get('/api/order/ParkingOrder?state=0&pageSize=1000')).list as Order[]).map((o) => o.plateNo));
  // an order that left unpaid (待补缴) of a plate not in any lot now, in a lot with an entry lane and an exit lane
  const unpaid = (await get('/api/order/ParkingOrder?state=6&pageSize=1000')).list as (Order & { orderNo: string; owedCents: number })[];
  const lanesOf = (o: Order, dirs: number[]) => lanes.filter((l) => l.parkingId === o.parkingId && dirs.includes(l.direction));
  const old = unpaid.find(
    (o) =>
      o.owedCents > 0 &&
      /^[\u4e00-\u9fa5][A-Z][A-Z0-9]{5,6}$/.test(o.plateNo) &&
      !inPark.has(o.plateNo) &&
      lanesOf(o, [1, 3]).length > 0 &&
      lanesOf(o, [2, 3]).length > 0,
  );
  expect(old, 'an unpaid order in a gated lot').toBeDefined();
  const entry = lanesOf(old!, [1, 3])[0];
  const exit = lanesOf(old!, [2, 3]).at(-1)!;

  // the plate comes back, and its old order goes to arrears recovery (转欠费): a debt of this lot
  await post(`/api/system/ParkingLane/${entry.id}/Actions/Enter`, { plateNo: old!.plateNo });
  await post(`/api/order/ParkingOrder/${old!.id}/Actions/Arrears`, { reason: 'e2e：离场未缴，转欠费' });
  const debts = (await get(`/api/arrears/ArrearsRecord?plateNo=${encodeURIComponent(old!.plateNo)}&pageSize=50`)).list as {
    orderNo: string;
    status: number;
    owedCents: number;
  }[];
  const debt = debts.find((d) => d.orderNo === old!.orderNo)!;
  expect(debt).toMatchObject({ status: 0, owedCents: old!.owedCents });

  await post(`/api/system/ParkingLane/${exit.id}/Actions/Arrive`, { plateNo: old!.plateNo });
  const bill = (await (await request.get(`/api/public/Scan/Lane?parkingId=${exit.parkingId}&laneId=${exit.id}`)).json()).data;
  expect(bill.dueCents).toBe(bill.order.payableCents + debt.owedCents);

  const driver = await (await browser.newContext(phone)).newPage();
  await driver.goto(`/scan.html#/scanQRcode?parkingId=${exit.parkingId}&laneId=${exit.id}`);
  await expect(driver.getByTestId('plate')).toHaveText(old!.plateNo);
  const listed = driver.getByTestId('bill-arrears');
  await expect(listed).toContainText(old!.orderNo);
  await expect(listed).toContainText(`¥${(debt.owedCents / 100).toFixed(2)}`);
  await expect(driver.getByTestId('bill-due')).toHaveText(`¥${(bill.dueCents / 100).toFixed(2)}`);
  await payOnPhone(driver);

  // the debt is recovered, nothing of it owed; the stay has left
  await expect(async () => {
    const after = (await get(`/api/arrears/ArrearsRecord?plateNo=${encodeURIComponent(old!.plateNo)}&pageSize=50`)).list as typeof debts;
    expect(after.find((d) => d.orderNo === old!.orderNo)).toMatchObject({ status: 3, owedCents: 0 });
  }).toPass({ timeout: 10_000 });
  await signInAndWait(page, ADMIN, '/arrears/arrearsRecord');
  await waitForRows(page);
  await page.getByPlaceholder('车牌号（模糊）').fill(old!.plateNo);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('row').filter({ hasText: old!.orderNo })).toContainText('已追缴');
});

test('a repeated notify of one payment pays once', async ({ page, request }) => {
  const { get, post } = await api(request);
  const { car, lane } = await carAndLane(request, 1, 'bill');
  const bill = (await (await request.get(`/api/public/Scan/Lane?parkingId=${lane.parkingId}&laneId=${lane.id}`)).json()).data;
  expect(bill.order.plateNo).toBe(car.plateNo);
  const { outTradeNo, amountCents } = await post(
    '/api/public/Pay',
    { token: bill.order.token, channel: 1 },
    { 'Idempotency-Key': `e2e-notify-${bill.order.token}` },
  );
  // the wallet confirms twice, each confirm notifying the server
  await post('/api/public/PaySim/Confirm', { outTradeNo });
  await post('/api/public/PaySim/Confirm', { outTradeNo });
  await expect(async () => expect((await get(`/api/public/Pay/${outTradeNo}`)).status).toBe('paid')).toPass({ timeout: 15_000 });

  // the provider notifies again, twice, with the signed body of that transaction: success, nothing changes
  const paid = (await get(`/api/order/ParkingOrder/${car.id}`)).payments as { serialNo: string }[];
  expect(paid).toHaveLength(1);
  const notify = signedNotify({ outTradeNo, transactionId: paid[0].serialNo, amountCents });
  for (let i = 0; i < 2; i++) {
    const res = await (await request.post('/api/public/PayNotify', { data: notify })).json();
    expect(res, `notify ${i + 2}`).toMatchObject({ code: 200, data: { result: 'SUCCESS' } });
  }
  expect((await get(`/api/order/ParkingOrder/${car.id}`)).payments).toHaveLength(1);

  // the console's order details: one payment row, of that transaction
  const rows = await paymentRows(page, car.id);
  await expect(rows.filter({ hasText: paid[0].serialNo })).toHaveCount(1);
  await expect(rows.filter({ hasText: '微信' })).toHaveCount(1);
});

test('the collector’s handheld payment names the collector in the console’s order details', async ({ page, browser, request }) => {
  const { car } = await carAndLane(request, 1);
  const pda = await (await browser.newContext(phone)).newPage();
  await pda.goto('/scan.html#/pdaScanQrcode');
  await pda.getByLabel('账号').fill(OPERATOR.account);
  await pda.getByLabel('密码').fill(OPERATOR.password);
  await pda.getByRole('button', { name: '登录' }).click();
  await pda.getByLabel('车牌号').fill(car.plateNo);
  await pda.getByRole('button', { name: '查询' }).click();
  await expect(pda.getByRole('heading', { name: car.plateNo, level: 1 })).toBeVisible();
  await pda.getByLabel('扫顾客付款码').check();
  await pda.getByRole('textbox', { name: /付款码/ }).fill('134567890123456789');
  await pda.getByTestId('collect-button').click();
  await expect(pda.getByRole('heading', { name: '已收款' })).toBeVisible({ timeout: 20_000 });

  const rows = await paymentRows(page, car.id);
  await expect(rows.filter({ hasText: '值班操作员（operator）' })).toHaveCount(1);
});
