import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, adminToken, OPERATOR } from './fixtures';

/**
 * The public pages (scan.html, src/public/) on a phone, 375×667, against the reference server: the
 * entry loads React and its own chunk only (no amis, no mobx, no console chunk) within its budget,
 * an older printed lane code on index.html hands over to it, nothing scrolls sideways, an unknown
 * lane says so, and a driver pays at the barrier through the simulated wallet; the collector's
 * handheld signs in on the page and collects by the customer's payment code.
 */

test.use({ viewport: { width: 375, height: 667 }, hasTouch: true });

/** The public page's budget: JS + CSS, gzip (the issue's ≤ 80 KB per page). */
const BUDGET_KB = 80;

interface Lane {
  id: string;
  parkingId: string;
}

async function headers(request: APIRequestContext) {
  return { Authorization: await adminToken(request) };
}

/** Exit lanes with a valid QR, by lot. */
async function exitLanes(request: APIRequestContext): Promise<Lane[]> {
  const res = await request.get('/api/system/ParkingLane?direction=2&qrStatus=1&pageSize=500', { headers: await headers(request) });
  return (await res.json()).data.list as Lane[];
}

/**
 * A temporary car in a lot that has exit lanes, long enough in to owe something, and a lane of
 * that lot (the last one: other specs use the first). Drives it up to the barrier (模拟到达).
 */
async function carAtBarrier(request: APIRequestContext): Promise<{ lane: Lane; plateNo: string }> {
  const h = await headers(request);
  const lanes = await exitLanes(request);
  const lots = new Set(lanes.map((l) => l.parkingId));
  const res = await request.get('/api/order/ParkingOrder?state=0&carClass=1&pageSize=500', { headers: h });
  const orders = (await res.json()).data.list as { plateNo: string; parkingId: string; entryTime: number | string }[];
  const hourAgo = Date.now() - 3_600_000;
  const entered = (o: { entryTime: number | string }) =>
    typeof o.entryTime === 'number' ? o.entryTime * (o.entryTime < 1e12 ? 1000 : 1) : Date.parse(o.entryTime);
  const candidates = orders.filter(
    (o) => lots.has(o.parkingId) && /^[\u4e00-\u9fa5][A-Z][A-Z0-9]{5,6}$/.test(o.plateNo) && entered(o) < hourAgo,
  );
  expect(candidates.length, 'a temporary car in a gated lot').toBeGreaterThan(0);
  const car = candidates[Math.floor(Math.random() * candidates.length)];
  const lane = lanes.filter((l) => l.parkingId === car.parkingId).at(-1)!;
  const arrive = await (
    await request.post(`/api/system/ParkingLane/${lane.id}/Actions/Arrive`, { headers: h, data: { plateNo: car.plateNo } })
  ).json();
  expect(arrive.code, arrive.msg).toBe(200);
  return { lane, plateNo: car.plateNo };
}

/** WCAG 2.x A/AA critical and serious findings (as tests/e2e/accessibility.spec.ts reads them). */
async function a11y(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** No sideways scroll at this width. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, 'the page is no wider than the screen').toBeLessThanOrEqual(width);
}

test('scan.html loads React and its own chunk only (no amis, mobx or console chunk), within 80 KB gzip with the page', async ({
  page,
  request,
}) => {
  const [lane] = await exitLanes(request);
  const files: { url: string; gzip: Promise<number> }[] = [];
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    // the page too: scan.html carries its own chunk (React and all) inline
    if (/\.(js|css)$/.test(path) || res.request().resourceType() === 'document')
      files.push({
        url: path,
        gzip: res.body().then(
          (b) => gzipSync(b).length,
          () => 0,
        ),
      });
  });
  await page.goto(`/scan.html#/scanQRcode?parkingId=${lane.parkingId}&laneId=${lane.id}`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const urls = files.map((f) => f.url);
  for (const url of urls) expect(url).toMatch(/^\/scan\.html$|^\/static\/(js|css)\/(lib-react|scan)\.[0-9a-f]+\.(js|css)$/);
  expect(urls.join(' ')).not.toMatch(/amis|mobx|console|page-loader/);
  const kb = (await Promise.all(files.map((f) => f.gzip))).reduce((a, b) => a + b, 0) / 1024;
  expect(kb, `JS+CSS gzip ${kb.toFixed(1)} KB`).toBeLessThanOrEqual(BUDGET_KB);
});

test('an older lane code on index.html (/#/scanQRcode) hands over to scan.html, query and all', async ({ page, request }) => {
  const [lane] = await exitLanes(request);
  const query = `parkingId=${lane.parkingId}&laneId=${lane.id}`;
  await page.goto(`/#/scanQRcode?${query}`);
  await expect(page).toHaveURL(new RegExp(`/scan\\.html#/scanQRcode\\?${query}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the console never drew its sign-in page
  await expect(page.getByRole('button', { name: /登 录/ })).toHaveCount(0);
});

test('the bill on a larger phone (414 px) and a tablet (768 px): nothing scrolls sideways, the bill stays one readable column', async ({
  page,
  request,
}) => {
  const { lane, plateNo } = await carAtBarrier(request);
  for (const viewport of [
    { width: 414, height: 896 },
    { width: 768, height: 1024 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/scan.html#/scanQRcode?parkingId=${lane.parkingId}&laneId=${lane.id}`);
    await page.reload();
    await expect(page.getByTestId('plate')).toHaveText(plateNo);
    await expectNoSidewaysScroll(page);
    // a measure a person reads: the bill neither hugs the edges nor spreads across a tablet
    const bill = (await page.getByTestId('bill-due').boundingBox())!;
    expect(bill.width, `${viewport.width} px`).toBeLessThanOrEqual(Math.min(viewport.width, 640));
    const pay = (await page.getByTestId('pay-button').boundingBox())!;
    expect(pay.height).toBeGreaterThanOrEqual(44);
  }
});

test('an unknown lane says so plainly; nothing scrolls sideways', async ({ page }) => {
  await page.goto('/scan.html#/scanQRcode?parkingId=p-nope&laneId=l-nope');
  await expect(page.getByRole('alert')).toHaveText('车道不存在或已停用');
  await expect(page.getByRole('button', { name: '重试' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await a11y(page)).toEqual([]);
});

test('a driver at the barrier: the bill, 支付 through the simulated wallet, then 支付成功 from the server', async ({ page, request }) => {
  const { lane, plateNo } = await carAtBarrier(request);
  await page.goto(`/scan.html#/scanQRcode?parkingId=${lane.parkingId}&laneId=${lane.id}`);
  await expect(page.getByRole('heading', { name: '停车缴费', level: 1 })).toBeVisible();
  await expect(page.getByTestId('plate')).toHaveText(plateNo);
  // the scan-exit pages take the bare site title
  await expect(page).toHaveTitle(/^[^-]+$/);
  const due = (await page.getByTestId('bill-due').textContent())!;
  expect(due).toMatch(/^¥\d+\.\d\d$/);
  await expectNoSidewaysScroll(page);
  expect(await a11y(page)).toEqual([]);

  // touch targets of at least 44 px
  for (const target of await page.locator('button:visible, label.pp-choice__option').all()) {
    const box = await target.boundingBox();
    if (box) expect(Math.min(box.height, box.width), (await target.textContent()) ?? '').toBeGreaterThanOrEqual(44);
  }

  const pay = page.waitForRequest((r) => r.url().endsWith('/api/public/Pay') && r.method() === 'POST');
  await page.getByTestId('pay-button').click();
  expect((await pay).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  const sheet = page.getByRole('dialog');
  await expect(sheet).toContainText(`模拟微信支付：确认支付 ${due}`);
  await expectNoSidewaysScroll(page);
  expect(await a11y(page)).toEqual([]);
  await sheet.getByRole('button', { name: '确认支付' }).click();

  await expect(page).toHaveURL(/#\/payResult\?outTradeNo=PP/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('result-paid')).toContainText(due);
  await expectNoSidewaysScroll(page);
  expect(await a11y(page)).toEqual([]);

  // the car has left: the lane's code now invites the next car
  await page.goto(`/scan.html#/scanQRcode?parkingId=${lane.parkingId}&laneId=${lane.id}`);
  await expect(page.getByRole('heading', { name: '请将车辆驶至道闸前' })).toBeVisible();
  await expect(page.getByRole('button', { name: '刷新' })).toBeVisible();
});

test("the collector's handheld: signs in on the page, keeps only the token, collects by payment code", async ({ page, request }) => {
  const { plateNo } = await carAtBarrier(request);
  await page.goto('/scan.html#/pdaScanQrcode');
  await expect(page).toHaveTitle(/^扫码支付 - /);
  await page.getByLabel('账号').fill(OPERATOR.account);
  await page.getByLabel('密码').fill(OPERATOR.password);
  await expectNoSidewaysScroll(page);
  expect(await a11y(page)).toEqual([]);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByLabel('车牌号').fill(plateNo);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('heading', { name: plateNo, level: 1 })).toBeVisible();
  const kept = await page.evaluate(() =>
    JSON.stringify({ session: { ...sessionStorage }, local: { ...localStorage }, cookie: document.cookie }),
  );
  expect(kept).not.toContain(OPERATOR.password);
  expect(kept).toMatch(/pda-token/);
  await expectNoSidewaysScroll(page);
  expect(await a11y(page)).toEqual([]);

  await page.getByLabel('扫顾客付款码').check();
  await page.getByRole('textbox', { name: /付款码/ }).fill('134567890123456789');
  await page.getByTestId('collect-button').click();
  await expect(page.getByRole('heading', { name: '已收款' })).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page);
  expect(await a11y(page)).toEqual([]);
});

test('group card: a card number from its QR shows the card, the phone masked', async ({ page, request }) => {
  const res = await request.get('/api/card/GroupCard?pageSize=5', { headers: await headers(request) });
  const card = ((await res.json()).data.list as { cardNo: string }[])[0];
  await page.goto(`/scan.html#/scanGroupCardQrcode?cardNo=${encodeURIComponent(card.cardNo)}`);
  await expect(page).toHaveURL(/#\/groupCardInfo\?cardNo=/);
  await expect(page.getByRole('heading', { name: '团体卡详情' })).toBeVisible();
  await expect(page.getByTestId('gc-phone')).toHaveText(/^\d{3}\*{4}\d{4}$|^$/);
  await expectNoSidewaysScroll(page);
  expect(await a11y(page)).toEqual([]);

  await page.getByTestId('lang-switch').click();
  await expect(page.getByRole('heading', { name: 'Group card details' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
