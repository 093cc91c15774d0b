import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, signInAndWait, waitForRows, clickUntil, adminToken, ADMIN } from './fixtures';

/**
 * A driver's money, end to end: the QR that 车道管理 prints, decoded, opens the bill of the car the
 * test drove up to that barrier; the driver pays through the simulated wallet; the console shows
 * the order paid. A monthly card holder at the barrier pays nothing and the barrier opens.
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
  const post = async (url: string, data: unknown) => {
    const body = await (await request.post(url, { headers, data })).json();
    expect(body.code, body.msg).toBe(200);
    return body.data;
  };
  return { get, post };
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
