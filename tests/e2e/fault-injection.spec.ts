import type { Page, Route } from '@playwright/test';
import { test, expect, signIn, signInAndWait, waitForRows, ADMIN } from './fixtures';

/**
 * The error catalogue seen by a person: each kind of failure is injected between the browser and the
 * server (page.route) on a list screen and on the sign-in page, and the screen says what happened.
 */

type Fault = (route: Route) => Promise<void>;

const envelope =
  (status: number, body: unknown): Fault =>
  (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

interface Case {
  name: string;
  fault: Fault;
  /** what the list screen shows */
  list: (page: Page) => Promise<void>;
  /** what the sign-in page shows (omitted: the kind only exists for a signed-in user) */
  signIn?: (page: Page) => Promise<void>;
}

const alertWith = (page: Page, text: string | RegExp) => expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
const toastWith = (page: Page, text: string | RegExp) => expect(page.getByText(text).first()).toBeVisible();

const CASES: Case[] = [
  {
    name: 'no answer (connection reset)',
    fault: (route) => route.abort('connectionreset'),
    list: (page) => alertWith(page, '接口请求失败'),
    signIn: (page) => alertWith(page, '接口请求失败'),
  },
  {
    name: 'HTTP 503 with the envelope (a database outage), quoting the request id',
    fault: (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        headers: { 'x-request-id': 'e2e-outage-1' },
        body: JSON.stringify({ code: 503, msg: '数据库暂不可用，请稍后重试', data: null }),
      }),
    list: (page) => toastWith(page, '服务错误：数据库暂不可用，请稍后重试（请求编号：e2e-outage-1）'),
    signIn: (page) => alertWith(page, '数据库暂不可用，请稍后重试（请求编号：e2e-outage-1）'),
  },
  {
    name: 'an answer that is not the envelope (a proxy’s HTML page)',
    fault: (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' }),
    list: (page) => toastWith(page, /服务错误/),
    signIn: (page) => alertWith(page, '服务错误'),
  },
  {
    name: 'a refusal in the envelope (HTTP 200, code 400)',
    fault: envelope(200, { code: 400, msg: '查询条件不正确', data: null }),
    list: (page) => toastWith(page, '查询条件不正确'),
    signIn: (page) => alertWith(page, '查询条件不正确'),
  },
  {
    name: 'HTTP 401',
    fault: envelope(401, { code: 401, msg: 'unauthorized', data: null }),
    list: (page) => expect(page.getByRole('dialog')).toContainText('登录状态已过期，请重新登录'),
  },
  {
    name: 'an expired session (code 600)',
    fault: envelope(200, { code: 600, msg: 'token expired', data: null }),
    list: (page) => expect(page.getByRole('dialog')).toContainText('登录状态已过期，请重新登录'),
  },
  {
    name: 'HTTP 403 on a load',
    fault: envelope(403, { code: 403, msg: '没有权限', data: null }),
    list: (page) => expect(page).toHaveURL(/#\/401$/),
  },
];

const LIST_API = /\/api\/coupon\/Merchant(\?|$)/;

for (const c of CASES) {
  test(`a list screen shows ${c.name} as the catalogue says`, async ({ page }) => {
    await signInAndWait(page);
    await page.route(LIST_API, c.fault);
    await page.goto('/#/coupon/merchant');
    await c.list(page);
  });

  const shows = c.signIn;
  if (shows)
    test(`the sign-in page shows ${c.name} as the catalogue says, keeping what was typed`, async ({ page }) => {
      await page.route('**/api/oauth/Login', c.fault);
      await signIn(page);
      await shows(page);
      await expect(page.getByLabel(/账号|Account/)).toHaveValue('admin');
    });
}

test('a list that got no answer offers to try again, and the retry shows the rows', async ({ page }) => {
  await signInAndWait(page);
  await page.route(LIST_API, (route) => route.abort('connectionreset'));
  await page.goto('/#/coupon/merchant');
  const notice = page.getByRole('alert').filter({ hasText: '接口请求失败' });
  await expect(notice).toBeVisible();
  await page.unroute(LIST_API);
  await notice.getByRole('button', { name: '重试' }).click();
  await waitForRows(page);
  await expect(page.getByRole('row').filter({ hasText: '海岸城影城' })).toBeVisible();
});

test('a select whose options got no answer says so instead of staying empty', async ({ page }) => {
  await signInAndWait(page);
  await page.route(/\/api\/system\/Role\/Selector/, (route) => route.abort('connectionreset'));
  await page.goto('/#/system/user');
  await waitForRows(page);
  await page.getByRole('button', { name: '新增' }).first().click();
  await alertWith(page, '接口请求失败');
});

test('a lot select whose lookup the server refuses (HTTP 200, another code) says so instead of staying empty', async ({ page }) => {
  // before sign-in: the lookup is loaded once per user
  await page.route(/\/api\/system\/Parking\?.*pageSize=1000/, envelope(200, { code: 500, msg: '数据库忙，请稍后再试', data: null }));
  await signInAndWait(page, ADMIN, '/parking/parkingLane');
  await toastWith(page, '停车场列表加载失败：数据库忙，请稍后再试');
});

/** The lookups of 车道管理's filter: the lots (answered by the base-data store) and a dictionary (a plain `source`). */
const LOT_LOOKUP = /\/api\/system\/Parking\?pageSize=1000&enabledmark=1$/;
const DIRECTIONS = /\/api\/dictDetail\?dictName=lane_direction/;

const LOOKUP_FAULTS: { name: string; fault: Fault; shows: (page: Page, list: string) => Promise<void> }[] = [
  {
    name: 'no answer (connection reset)',
    fault: (route) => route.abort('connectionreset'),
    shows: (page, list) => alertWith(page, `${list}列表加载失败：接口请求失败`),
  },
  {
    name: 'HTTP 500 with the server’s message',
    fault: (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        headers: { 'x-request-id': 'e2e-lookup-1' },
        body: JSON.stringify({ code: 500, msg: '数据库忙，请稍后再试', data: null }),
      }),
    shows: (page, list) => toastWith(page, `${list}列表加载失败：服务错误：数据库忙，请稍后再试（请求编号：e2e-lookup-1）`),
  },
];

for (const { name, fault, shows } of LOOKUP_FAULTS)
  test(`a select whose options get ${name} says which list failed and why, in words`, async ({ page }) => {
    // before sign-in: the lots are loaded once per user
    await page.route(LOT_LOOKUP, fault);
    await page.route(DIRECTIONS, fault);
    await signInAndWait(page, ADMIN, '/parking/parkingLane');
    await shows(page, '停车场');
    await shows(page, '方向');
    // not amis's raw address in front of the catalogue's title
    await expect(page.getByText(/\/api\/(system\/Parking|dictDetail)/)).toHaveCount(0);
  });

test('Escape closes the session-expired confirm as its cancel button does: the user stays on the screen', async ({ page }) => {
  await signInAndWait(page);
  await page.route(LIST_API, envelope(200, { code: 600, msg: 'token expired', data: null }));
  await page.goto('/#/coupon/merchant');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('登录状态已过期，请重新登录');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/coupon\/merchant$/);
  await expect(page.getByTestId('navbar-user')).not.toBeEmpty();
});
