import { test, expect, signInAndWait, adminToken, uniqueSuffix, waitForRows, ADMIN } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { MENU_TREE } from '../../server/seed/menu-tree';

/**
 * Issue 12, Layout: what a new operator meets in the first hour, at 1440×900 and at 390×844.
 * Kept-alive tabs stay in the page while hidden: every locator here is scoped to what is visible.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const visiblePage = (page: Page) => page.locator('.pc-amis-page:visible');
const field = (scope: Locator | Page, name: string) => scope.locator(`[name="${name}"]:visible`);

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'element is laid out').not.toBeNull();
  return b!;
}

/** The menu's screens of the signed-in user (type 2 entries: JSON pages), as their routes. */
async function menuScreens(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const token = document.cookie
      .split('; ')
      .map((c) => c.split('='))
      .find(([k]) => /token/i.test(k))?.[1];
    const res = await fetch('/api/oauth/CurrentUser', { headers: { Authorization: decodeURIComponent(token ?? '') } });
    const menus = (await res.json()).data.menuList as { enCode: string; children?: { enCode: string; type: number }[] }[];
    return menus.flatMap((m) => (m.children ?? []).filter((c) => c.type === 2).map((c) => `/${m.enCode}/${c.enCode}`));
  });
}

/** The demo menu's screens: other tests, running at the same time, add entries of their own (a missing page on purpose). */
const SEEDED = new Set(MENU_TREE.flatMap((dir) => dir.pages.map((p) => `/${dir.enCode}/${p.enCode}`)));

test.describe('tabs that overflow the strip', () => {
  test.use({ viewport: DESKTOP });

  test('the active tab is scrolled into view, the wheel scrolls the strip, and arrows show there are more', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAndWait(page);
    const screens = (await menuScreens(page)).slice(0, 16);
    for (const path of screens) {
      await page.goto(`/#${path}`);
      await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('data-path', path);
    }
    const strip = page.locator('.pc-tags__scroll');
    const inView = async (tab: Locator) => {
      const s = await box(strip);
      const t = await box(tab);
      return t.x >= s.x - 1 && t.x + t.width <= s.x + s.width + 1;
    };
    // more tabs than the strip holds: the newest (active) one is in view, the first ones are not
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect.poll(() => inView(page.getByRole('tab', { selected: true }))).toBe(true);
    await expect(page.getByRole('button', { name: '向左滚动标签' })).toBeVisible();

    // back to the first screen opened: its tab, scrolled out to the left, comes into view
    await page.goto(`/#${screens[0]}`);
    await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('data-path', screens[0]);
    await expect.poll(() => inView(page.getByRole('tab', { selected: true }))).toBe(true);
    await expect(page.getByRole('button', { name: '向右滚动标签' })).toBeVisible();

    // an ordinary (vertical) mouse wheel over the strip scrolls it sideways
    const before = await strip.evaluate((el) => el.scrollLeft);
    await strip.hover();
    await page.mouse.wheel(0, 400);
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);

    // the arrow pages back
    const scrolled = await strip.evaluate((el) => el.scrollLeft);
    await page.getByRole('button', { name: '向左滚动标签' }).click();
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeLessThan(scrolled);
  });
});

test.describe('every icon shows', () => {
  test.use({ viewport: DESKTOP });

  test("the list's refresh button draws its icon from the console's own bundle, and 导出 stays in the buttons' row", async ({
    page,
    baseURL,
  }) => {
    const fontRequests: string[] = [];
    page.on('request', (req) => {
      if (/\.(woff2?|ttf|eot)(\?|$)/.test(req.url())) fontRequests.push(req.url());
    });
    await signInAndWait(page, ADMIN, '/parking/parkingAdmin');
    await waitForRows(page);
    const reload = visiblePage(page).locator('.cxd-Crud-toolbar .cxd-Button--iconOnly').first();
    const icon = reload.locator('i.fa-sync');
    await expect(icon).toBeVisible();
    // the glyph is drawn: the icon has a size and its font has loaded
    expect((await box(icon)).width).toBeGreaterThan(8);
    await expect.poll(() => page.evaluate(() => document.fonts.check('900 14px "Font Awesome 6 Free"'))).toBe(true);
    expect(fontRequests.some((url) => /fa-solid-900/.test(url))).toBe(true);
    expect(fontRequests.every((url) => url.startsWith(new URL(baseURL!).origin))).toBe(true);

    const add = visiblePage(page).getByRole('button', { name: '新增停车场' });
    const exportButton = visiblePage(page).getByRole('button', { name: '导出' });
    const [a, e, r] = [await box(add), await box(exportButton), await box(reload)];
    expect(Math.abs(a.y - e.y)).toBeLessThan(4);
    expect(Math.abs(a.y - r.y)).toBeLessThan(4);
    expect(e.height).toBeLessThan(40);
  });
});

test.describe('390 px wide', () => {
  test.use({ viewport: PHONE });

  test('no screen of the menu scrolls the page sideways; the user name and the lots summary read on one line', async ({ page }) => {
    test.setTimeout(240_000);
    await signInAndWait(page);
    const name = page.getByTestId('navbar-user');
    expect((await box(name)).height).toBeLessThan(30);

    const screens = ['/dashboard', '/user/center', '/parkingAdmin/add/0', ...(await menuScreens(page)).filter((path) => SEEDED.has(path))];
    expect(screens.length).toBeGreaterThan(20);
    const wide: string[] = [];
    for (const path of screens) {
      await page.goto(`/#${path}`);
      await expect(page.locator('.pc-amis-page:visible, .pc-card:visible, .pc-dash:visible').first()).toBeVisible();
      await expect(page.locator('.pc-page-loading:visible, .cxd-Spinner:visible')).toHaveCount(0, { timeout: 20_000 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) wide.push(`${path}: ${width} px`);
    }
    expect(wide).toEqual([]);

    await page.goto('/#/parking/parkingAdmin');
    await waitForRows(page);
    const stats = visiblePage(page).locator('.pc-stat');
    await expect(stats.first()).toBeVisible();
    for (const stat of await stats.all()) expect((await box(stat)).height).toBeLessThan(30);
    // the summary sits below the filter's buttons, not over them
    const reset = await box(visiblePage(page).getByRole('button', { name: '重置' }));
    expect((await box(stats.first())).y).toBeGreaterThanOrEqual(reset.y + reset.height);
  });
});

test.describe('the add-lot form', () => {
  test.use({ viewport: DESKTOP });

  test('times show whole, grouped inputs have room, and 按地址识别区划 stays in its row', async ({ page }) => {
    await signInAndWait(page, ADMIN, '/parkingAdmin/add/0');
    // each grouped input has room (its box, counter included) and shows a value of its full length whole
    const full = { regionCode: '440305001001', contactName: '欧阳小明', contactPhone: '13800001111' };
    for (const [name, value] of Object.entries(full)) {
      const input = field(page, name);
      expect(
        (await box(input.locator('xpath=ancestor::div[contains(@class, "TextControl-input")][1]'))).width,
        name,
      ).toBeGreaterThanOrEqual(120);
      await input.fill(value);
      expect(await input.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth), name).toBe(true);
    }
    for (const label of ['开放时间', '关闭时间']) {
      // amis's time input carries no name: find it by its label
      const input = page
        .locator('.cxd-Form-item:visible')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('input')
        .first();
      await expect(input).toHaveValue(/^\d\d:\d\d$/);
      expect((await box(input)).width, label).toBeGreaterThanOrEqual(60);
      // the value is not cut: the input's text fits inside it
      expect(await input.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth), label).toBe(true);
    }
    const region = await box(field(page, 'regionCode'));
    const button = await box(page.getByRole('button', { name: '按地址识别区划' }));
    expect(Math.abs(button.y + button.height / 2 - (region.y + region.height / 2))).toBeLessThan(8);
  });
});

test.describe('区域管理', () => {
  test.use({ viewport: DESKTOP });

  test('the whole tree shows with its size and no page numbers; 关联停车场 names the lots', async ({ page }) => {
    await signInAndWait(page, ADMIN, '/parking/parkingArea');
    await waitForRows(page);
    const list = visiblePage(page);
    await expect(list.getByText(/^共 \d+ 个区域$/)).toBeVisible();
    await expect(list.getByText(/\d+\/\d+\s*共/)).toHaveCount(0);
    // a floor of a lot (level 5) shows, with its lot in the 关联停车场 column
    const floor = list.getByRole('row').filter({ hasText: 'LH-KA-03-B1' });
    await expect(floor).toBeVisible();
    const column = await list.getByRole('columnheader').allInnerTexts();
    const lotColumn = column.findIndex((c) => c.trim() === '关联停车场');
    expect(lotColumn).toBeGreaterThan(0);
    await expect(floor.getByRole('cell').nth(lotColumn)).toHaveText('罗湖口岸交通枢纽停车场');
  });
});

test.describe('lists before their first answer', () => {
  test.use({ viewport: DESKTOP });

  test('a list says it is loading, never 暂无数据, until its rows arrive', async ({ page }) => {
    await signInAndWait(page);
    // the filter's dictionaries are slow: the list waits for them before it asks for its rows
    await page.route(/\/api\/dictDetail/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await page.goto('/#/parking/parkingSpace');
    const list = visiblePage(page);
    await expect(list.getByText('加载中,请稍等.......')).toBeVisible();
    await expect(list.getByText('暂无数据')).toHaveCount(0);
    await waitForRows(page);
    await expect(list.getByText('暂无数据')).toHaveCount(0);
  });
});

test.describe('the sign-in page', () => {
  test('its heading is the brand of the account cookie, as the sidebar shows it', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'account', value: 'cloud', url: baseURL! }]);
    await page.goto('/#/login');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('城市停车充电云平台');
    await expect(heading.locator('img')).toHaveAttribute('src', 'brands/city-parking-charging-cloud.svg');
  });

  test('without an account cookie it is the default brand', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('智慧停车管理平台');
  });
});

test.describe('states', () => {
  test.use({ viewport: DESKTOP });

  test('device and barrier states are coloured tags', async ({ page }) => {
    await signInAndWait(page, ADMIN, '/monitoring/device');
    await waitForRows(page);
    const tags = visiblePage(page).locator('tbody .cxd-Tag--status');
    await expect(tags.first()).toBeVisible();
    await expect(tags.first()).toHaveText(/^(在线|离线)$/);
    await expect(tags.first()).toHaveClass(/cxd-Tag--status--(success|error)/);

    await page.goto('/#/parking/parkingLane');
    await waitForRows(page);
    const row = visiblePage(page).getByRole('row').nth(1);
    await expect(row.locator('.cxd-Tag--status').filter({ hasText: /^(在线|离线)$/ })).toHaveCount(1);
    await expect(row.locator('.cxd-Tag--status').filter({ hasText: '正常' })).toHaveClass(/cxd-Tag--status--success/);
  });

  test('a voided lane QR shows 作废 and offers neither 预览 nor 下载', async ({ page, request }) => {
    const headers = { Authorization: await adminToken(request) };
    const code = `V${uniqueSuffix()}`.slice(0, 16);
    const created = await (
      await request.post('/api/system/ParkingLane', {
        headers,
        data: { parkingId: 'p-ns-kjy-01', laneCode: code, laneName: '作废测试', direction: 1, qrType: 1 },
      })
    ).json();
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id as string;
    try {
      const voided = await (await request.put(`/api/system/ParkingLane/${id}/Actions/VoidQr`, { headers, data: {} })).json();
      expect(voided.code, voided.msg).toBe(200);
      await signInAndWait(page, ADMIN, '/parking/parkingLane');
      await waitForRows(page);
      await page.getByPlaceholder('车道编号或名称').fill(code);
      await visiblePage(page).getByRole('button', { name: '查询' }).click();
      const row = visiblePage(page).getByRole('row').filter({ hasText: code });
      await expect(row.locator('.cxd-Tag--status').filter({ hasText: '作废' })).toBeVisible();
      await expect(row.getByRole('button', { name: '重新生成' })).toBeVisible();
      await expect(row.getByText('预览二维码')).toHaveCount(0);
      await expect(row.getByText('下载二维码')).toHaveCount(0);
    } finally {
      await request.delete(`/api/system/ParkingLane/${id}`, { headers });
    }
  });

  test('the operation log names modules and records, not codes like r-operator', async ({ page, request }) => {
    const headers = { Authorization: await adminToken(request) };
    const role = (await (await request.get('/api/system/Role/r-operator', { headers })).json()).data;
    const saved = await (await request.put('/api/system/Role/r-operator', { headers, data: role })).json();
    expect(saved.code, saved.msg).toBe(200);
    await signInAndWait(page, ADMIN, '/system/operLog');
    await waitForRows(page);
    const list = visiblePage(page);
    const row = list.getByRole('row').filter({ hasText: '值班操作员' }).first();
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell', { name: '角色', exact: true })).toBeVisible();
    await expect(list.getByRole('cell', { name: 'role', exact: true })).toHaveCount(0);
    await expect(list.getByText('r-operator')).toHaveCount(0);
  });
});
