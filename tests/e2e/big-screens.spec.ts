import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { test, expect, adminToken, anyScriptHolds, signInAndWait, signInPageScripts, uniquePlate, OPERATOR } from './fixtures';
import { startServer } from './start-server';

/**
 * The big screens (/dataView, /newDataView, /operationView) and /activity against the reference
 * server: pushed live without a reload, a lost connection said and recovered, no text overlapping
 * or cut at a wall's and a laptop's size, hidden from those without their menus, and the public
 * statistics free of plates and phones.
 */

/** each screen by its path, with its title (a navigation is done when the new title is up) */
const SCREENS = { dataView: '智慧停车指挥中心', newDataView: '城市停车与充电', operationView: '运营监控中心' } as const;

/** An entry lane of a lot with barriers (kerb lots have none). */
async function entryLane(request: APIRequestContext, token: string): Promise<string> {
  const lots = await (await request.get('/api/system/Parking?pageSize=100', { headers: { Authorization: token } })).json();
  const barrierLots = new Set<string>(
    lots.data.list.filter((l: { type: number }) => Number(l.type) !== 0).map((l: { id: string }) => l.id),
  );
  const lanes = await (await request.get('/api/system/ParkingLane?pageSize=500', { headers: { Authorization: token } })).json();
  const lane = lanes.data.list.find(
    (l: { direction: number; parkingId: string; enabledMark: number }) =>
      [1, 3].includes(Number(l.direction)) && barrierLots.has(l.parkingId),
  );
  return lane.id as string;
}

const count = async (page: Page, testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/[^\d]/g, ''));

async function openScreen(page: Page, screen: keyof typeof SCREENS) {
  await page.goto(`/#/${screen}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SCREENS[screen]);
  await expect(page.getByTestId('data-time')).toContainText(/\d{2}:\d{2}:\d{2}/);
}

test('a car entering raises 在场车辆 on /dataView within 15 s, without a reload', async ({ page, request }) => {
  await signInAndWait(page);
  await openScreen(page, 'dataView');
  await expect(page.getByTestId('cars-in-park')).toHaveText(/\d/);
  // a mark on the window: a reload would lose it
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const before = await count(page, 'cars-in-park');
  const token = await adminToken(request);
  const plate = uniquePlate();
  const res = await request.post(`/api/system/ParkingLane/${await entryLane(request, token)}/Actions/Enter`, {
    headers: { Authorization: token },
    data: { plateNo: plate },
  });
  expect((await res.json()).code).toBe(200);
  await expect.poll(() => count(page, 'cars-in-park'), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 1);
  await expect(page.getByTestId('passages')).toContainText(plate);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // and the stream held all along: no reconnect notice came and went
  await expect(page.getByTestId('live-notice')).toHaveCount(0);
  // the simulated heartbeats run on the test server: the figures are labelled as a demo
  await expect(page.getByTestId('demo-badge')).toHaveText('演示数据');
});

// Two servers behind a load balancer on one PostgreSQL (a fresh database of TEST_DATABASE_URL's
// server, which .ci/run sets): a wall on A sees a car that entered through B, pushed by A after
// B's NOTIFY, not after a reload, and sooner than A's own ten-second period would have shown it.
test('with two server instances, an entry written through B raises 在场车辆 on /dataView of A within 15 s', async ({
  browser,
  playwright,
}) => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  test.skip(!serverUrl, 'needs a PostgreSQL server: TEST_DATABASE_URL (set by .ci/run)');
  test.setTimeout(300_000);
  const name = `e2e_live_${randomBytes(6).toString('hex')}`;
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await onServer(`create database ${name}`);
  const databaseUrl = new URL(serverUrl!);
  databaseUrl.pathname = `/${name}`;
  const servers: ChildProcess[] = [];
  try {
    // no heartbeats: no write of either instance's own makes A push before its period
    const env = { DATABASE_URL: databaseUrl.href, LOOPBACK_LIMIT_FACTOR: '100', HEARTBEAT_MS: '0' };
    // A first: it migrates and seeds the empty database, which B then finds ready
    const a = await startServer(env, 180_000);
    servers.push(a.child);
    const b = await startServer(env, 180_000);
    servers.push(b.child);
    expect(a.url).not.toBe(b.url);

    const context = await browser.newContext({ baseURL: a.url, locale: 'zh-CN', viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await signInAndWait(page);
    await openScreen(page, 'dataView');
    await expect(page.getByTestId('cars-in-park')).toHaveText(/\d/);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const viaB = await playwright.request.newContext({ baseURL: b.url });
    const token = await adminToken(viaB);
    const lane = await entryLane(viaB, token);
    const plate = uniquePlate();
    // right after one of A's pushes its next periodic one is ten seconds away
    const shown = await page.getByTestId('data-time').innerText();
    await expect(page.getByTestId('data-time')).not.toHaveText(shown, { timeout: 15_000 });
    const before = await count(page, 'cars-in-park');
    const written = Date.now();
    const res = await viaB.post(`/api/system/ParkingLane/${lane}/Actions/Enter`, {
      headers: { Authorization: token },
      data: { plateNo: plate },
    });
    expect((await res.json()).code).toBe(200);
    await expect.poll(() => count(page, 'cars-in-park'), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 1);
    expect(Date.now() - written, "pushed on B's NOTIFY, before A's period").toBeLessThan(7000);
    await expect(page.getByTestId('passages')).toContainText(plate);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(page.getByTestId('live-notice')).toHaveCount(0);
    await viaB.dispose();
    await context.close();
  } finally {
    await Promise.all(
      servers.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await onServer(`drop database if exists ${name} with (force)`);
  }
});

test('a lost connection is said on screen and the screen recovers by itself', async ({ page, context }) => {
  await signInAndWait(page);
  await openScreen(page, 'dataView');
  await expect(page.getByTestId('live-notice')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByTestId('live-notice')).toContainText('连接已断开');
  await context.setOffline(false);
  await expect(page.getByTestId('live-notice')).toHaveCount(0, { timeout: 10_000 });
  const time = await page.getByTestId('data-time').innerText();
  // pushed again (at least every 10 s)
  await expect(page.getByTestId('data-time')).not.toHaveText(time, { timeout: 15_000 });
});

/** Text that overlaps other text, is cut by its box, or leaves the stage, as "what: where" lines. */
function textProblems(): string[] {
  const stage = document.querySelector('[data-testid="big-screen-stage"]')!;
  const box = stage.getBoundingClientRect();
  const problems: string[] = [];
  const inside = (r: DOMRect, o: DOMRect) =>
    r.left >= o.left - 1 && r.right <= o.right + 1 && r.top >= o.top - 1 && r.bottom <= o.bottom + 1;
  if (box.left < -1 || box.top < -1 || box.right > window.innerWidth + 1 || box.bottom > window.innerHeight + 1)
    problems.push('stage: outside the window');
  const texts = [...stage.querySelectorAll<HTMLElement>('*')].filter(
    (el) => el.offsetParent !== null && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()),
  );
  const rects = texts.map((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return { el, r: range.getBoundingClientRect() };
  });
  for (const { el, r } of rects) {
    const name = `${el.tagName.toLowerCase()} "${el.textContent!.trim().slice(0, 20)}"`;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') problems.push(`${name}: cut`);
    const panel = el.closest('.bs-panel, .bs-header, .bs-notice');
    if (panel && !inside(r, panel.getBoundingClientRect())) problems.push(`${name}: leaves its panel`);
    if (!inside(r, box)) problems.push(`${name}: leaves the stage`);
  }
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) {
      const a = rects[i];
      const b = rects[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 1 && h > 1) problems.push(`"${a.el.textContent!.trim().slice(0, 20)}" overlaps "${b.el.textContent!.trim().slice(0, 20)}"`);
    }
  return problems;
}

for (const size of [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 2560, height: 1440 },
  { width: 3840, height: 2160 },
]) {
  test(`at ${size.width}×${size.height} no text of any screen overlaps, is cut or leaves the stage`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInAndWait(page);
    for (const screen of Object.keys(SCREENS) as (keyof typeof SCREENS)[]) {
      await openScreen(page, screen);
      // the stage is scaled as a whole, never stretched: its aspect stays 16:9
      const box = (await page.getByTestId('big-screen-stage').boundingBox())!;
      expect(Math.abs(box.width / box.height - 16 / 9), screen).toBeLessThan(0.01);
      expect(await page.evaluate(textProblems), screen).toEqual([]);
    }
  });
}

test('an operator, granted the lots and the orders only, has 车场大屏 but no 数据大屏 or 运营大屏, and finds neither by its path', async ({
  page,
}) => {
  await signInAndWait(page, OPERATOR);
  await expect(page.getByRole('navigation', { name: 'menu' }).getByRole('button', { name: '停车基础设施' })).toBeVisible();
  // the lot command centre needs exactly the two menus the operator holds
  await expect(page.getByRole('button', { name: '车场大屏', exact: true })).toBeVisible();
  for (const name of ['数据大屏', '运营大屏']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  for (const path of ['newDataView', 'operationView']) {
    await page.goto(`/#/${path}`);
    await expect(page).toHaveURL(/#\/404$/);
  }
});

test("admin's navbar has 车场大屏, which opens /dataView in a new window without the shell", async ({ page }) => {
  await signInAndWait(page);
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: '车场大屏', exact: true }).click()]);
  await expect(popup).toHaveURL(/#\/dataView$/);
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(SCREENS.dataView);
  await expect(popup.getByTestId('layout')).toHaveCount(0);
  await popup.close();
});

test('ECharts never loads on the sign-in page, and the same measure finds it on /dataView', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  // every copy of ECharts carries its renderer, zrender, by name
  expect(await anyScriptHolds(page.request, await signInPageScripts(page), 'zrender')).toBe(false);
  // the marker is real: the big screen's scripts have it
  const wall = await (await browser.newContext({ baseURL, locale: 'zh-CN' })).newPage();
  const wallScripts: string[] = [];
  wall.on('request', (r) => r.resourceType() === 'script' && wallScripts.push(r.url()));
  await signInAndWait(wall);
  await openScreen(wall, 'dataView');
  await expect(wall.locator('.bs-chart canvas').first()).toBeVisible();
  expect(await anyScriptHolds(page.request, wallScripts, 'zrender')).toBe(true);
  await wall.context().close();
});

test('/activity opens without signing in and shows the region’s figures, no plate and no phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
  const page = await context.newPage();
  await page.goto('/#/activity');
  await expect(page).toHaveURL(/scan\.html#\/activity$/);
  await expect(page.getByTestId('activity-spaces')).toHaveText(/^\d[\d,]*$/);
  await expect(page.getByTestId('activity-time')).toContainText(/\d{2}:\d{2}/);
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-Z][A-Z0-9]{5,6}/);
  expect(text).not.toMatch(/1[3-9]\d{9}|1[3-9]\d\*{4}\d{4}/);
  // the bare site title, and nothing sideways on a phone
  expect(await page.title()).not.toMatch(/统计|activity/i);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await context.close();
});
