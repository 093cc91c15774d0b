import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import md5 from 'blueimp-md5';

export const ADMIN = { account: 'admin', password: 'admin123' };
export const OPERATOR = { account: 'operator', password: 'operator123' };

/**
 * Console messages that are no defect of the console's, each with why. Everything else a page logs
 * as an error or warning fails the test that opened it (the `consoleGuard` fixture).
 */
export const CONSOLE_ALLOWED: { pattern: RegExp; reason: string }[] = [
  {
    // Chromium logs every API answer of 4xx/5xx (and every aborted request) itself; the console shows
    // its own message for them (error catalogue), and many tests cause such answers on purpose
    pattern:
      /^Failed to load resource: (the server responded with a status of \d+|net::ERR_FAILED|net::ERR_CONNECTION_(RESET|REFUSED|CLOSED)|net::ERR_EMPTY_RESPONSE)[^\n]*@ https?:\/\/[^/]+\/api\//,
    reason: 'the browser reports failed API requests itself; the console shows the catalogue message',
  },
  {
    // the page loader asks each page bundle in turn (a site's own first, docs/pages.md); a bundle
    // may be on any static server, and one without the file answers 404 before pages-json/ has it
    pattern: /^Failed to load resource: the server responded with a status of 404[^\n]*@ https?:\/\/[^/]+\/site-pages\/[^?]*\.json( |$)/,
    reason: 'a site bundle that does not override a page or route file answers 404; the next bundle has it',
  },
];

/** Messages the running test causes on purpose (allowConsole), cleared before each test. */
let allowedByTest: RegExp[] = [];

/**
 * For a test that makes a page fail on purpose (a missing file, a renderer that throws): the
 * messages it expects, so that only those pass the console guard.
 */
export function allowConsole(...patterns: RegExp[]) {
  allowedByTest.push(...patterns);
}

interface ConsoleGuard {
  /** more console messages a test expects (its own page deliberately logs them), as patterns */
  consoleAllowed: RegExp[];
  consoleGuard: void;
}

export const test = base.extend<ConsoleGuard>({
  // the server was started by global-setup on a free port
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  consoleAllowed: [[], { option: true }],
  // every test fails when a page logs an error or a warning, or throws, outside CONSOLE_ALLOWED
  consoleGuard: [
    async ({ context, consoleAllowed }, use) => {
      const logged: string[] = [];
      const allowed = [...CONSOLE_ALLOWED.map((a) => a.pattern), ...consoleAllowed];
      const note = (text: string) => {
        if (!allowed.some((pattern) => pattern.test(text))) logged.push(text);
      };
      context.on('console', (msg) => {
        if (msg.type() !== 'error' && msg.type() !== 'warning') return;
        const { url } = msg.location();
        // the screen it happened on, to find the page that logs it
        const screen = msg.page()?.url().split('#')[1];
        note(`${msg.text()}${url ? ` @ ${url}` : ''}${screen ? ` [on #${screen}]` : ''}`);
      });
      context.on('weberror', (error) => note(`uncaught: ${error.error().message}`));
      allowedByTest = [];
      await use();
      const unexpected = logged.filter((text) => !allowedByTest.some((pattern) => pattern.test(text)));
      expect(unexpected, 'the pages logged errors or warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function signIn(page: Page, who = ADMIN, hashPath = '/') {
  await page.goto(`/#${hashPath}`);
  await page.getByLabel(/账号|Account/).fill(who.account);
  await page.getByLabel(/^密码$|Password/).fill(who.password);
  await page.getByRole('button', { name: /登 录|Sign in/ }).click();
}

/**
 * Signs in as the sign-in page would leave it (its token cookie) without driving the form, which
 * sign-in.spec.ts and the account tests cover, and opens the console at `hashPath`.
 */
export async function signInAndWait(page: Page, who = ADMIN, hashPath = '/') {
  const res = await page.request.post('/api/oauth/Login', { form: loginForm(who) });
  const { code, msg, data } = await res.json();
  expect(code, msg).toBe(200);
  // js-cookie's encoding, as the sign-in page stores it
  await page.context().addCookies([{ name: 'parking_token', value: encodeURIComponent(data.token), url: new URL(res.url()).origin }]);
  await page.goto(`/#${hashPath}`);
  await expect(page.getByTestId('navbar-user')).not.toBeEmpty();
}

const loginForm = (who: { account: string; password: string }) => ({
  account: who.account,
  password: md5(who.password),
  grant_type: 'password',
  origin: 'password',
  rememberMe: 'false',
});

/** Unique text for records a test creates, so parallel tests never collide. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** A valid, random 粤B plate of five digits (letters I and O never appear on plates, so none here). */
export function uniquePlate(): string {
  return `粤B${String(Math.floor(Math.random() * 90000) + 10000)}`;
}

/** Signs admin in through the API and answers the Authorization header value. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/oauth/Login', { form: loginForm(ADMIN) });
  return (await res.json()).data.token as string;
}

/** Admin's API calls, each expected to answer code 200: answers its `data`. */
export async function adminApi(request: APIRequestContext) {
  const headers = { Authorization: await adminToken(request) };
  return async (method: 'GET' | 'POST', url: string, data?: unknown) => {
    const res = method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers, data });
    const body = await res.json();
    expect(body.code, body.msg).toBe(200);
    return body.data;
  };
}

/** The scripts the sign-in page asked for, once it is drawn and quiet. */
export async function signInPageScripts(page: Page): Promise<string[]> {
  const urls: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && urls.push(r.url()));
  await page.goto('/');
  await expect(page.getByLabel(/账号/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(urls.length).toBeGreaterThan(0);
  return urls;
}

/** Whether any of the scripts at `urls` holds `marker` (a name only one library's code carries). */
export async function anyScriptHolds(request: APIRequestContext, urls: string[], marker: string): Promise<boolean> {
  for (const url of urls) if ((await (await request.get(url)).text()).includes(marker)) return true;
  return false;
}

/**
 * A throw-away user holding one role (operator's by default), for tests that change a user's
 * password or status without disturbing the demo accounts other tests sign in with.
 */
export async function createTempUser(
  request: APIRequestContext,
  roleEnCode = 'operator',
): Promise<{ account: string; password: string; id: string }> {
  const headers = { Authorization: await adminToken(request) };
  const roles = (await (await request.get('/api/system/Role/Selector', { headers })).json()).data.list as { id: string; enCode: string }[];
  const account = `tmp_${uniqueSuffix()}`;
  const password = 'Temp2pass';
  const res = await request.post('/api/system/Permission/Users', {
    headers,
    data: {
      account,
      realName: '临时用户',
      roleIds: [roles.find((r) => r.enCode === roleEnCode)!.id],
      status: 1,
      userPassword: md5(password),
      validatePassword: md5(password),
    },
  });
  const body = await res.json();
  expect(body.code, body.msg).toBe(200);
  return { account, password, id: body.data.id };
}

/**
 * Waits until an amis list has rendered its rows: its toolbar is re-rendered when the data
 * arrives, and a click in that instant is lost.
 */
export async function waitForRows(page: Page) {
  await expect(page.getByRole('row').nth(1).getByRole('cell').first()).toBeVisible();
  await expect(page.locator('.cxd-Crud .cxd-Spinner')).toHaveCount(0);
}

/**
 * Clicks until the click shows its effect. Under load amis can re-render a list's toolbar
 * while Playwright clicks it, and that one click is lost (a person simply clicks again).
 */
export async function clickUntil(target: Locator, effect: () => Promise<void>) {
  let clicked = false;
  await expect(async () => {
    // a slow effect of the previous click may have arrived meanwhile: never click twice
    if (clicked) {
      try {
        await effect();
        return;
      } catch {
        // not there: click again
      }
    }
    clicked = true;
    await target.click({ timeout: 5000 });
    await effect();
  }).toPass({ timeout: 30_000, intervals: [500, 1000] });
}

/**
 * A refund request of 1.00 made through the API on a paid order of the seeded history (one with a
 * payment that still gives something back), with its reason code and words.
 */
export async function askRefund(
  request: APIRequestContext,
  opts: { words: string; reasonCode: number; payChannel?: number },
): Promise<{ refundNo: string; orderId: string; orderNo: string; headers: { Authorization: string } }> {
  const headers = { Authorization: await adminToken(request) };
  const orders = `/api/order/ParkingOrder?state=2&payChannel=${opts.payChannel ?? 1}&pageSize=100`;
  const list = (await (await request.get(orders, { headers })).json()).data.list as {
    id: string;
    orderNo: string;
    paidCents: number;
    refundedCents: number;
  }[];
  for (const order of list.filter((o) => o.paidCents >= 200 && o.refundedCents === 0)) {
    const payments = (await (await request.get(`/api/refund/Orders/${order.id}/Payments`, { headers })).json()).data.options as {
      value: string;
      disabled: boolean;
    }[];
    const payment = payments.find((p) => !p.disabled);
    if (!payment) continue;
    const res = await request.post('/api/refund/Refunds', {
      headers,
      data: { orderId: order.id, paymentId: payment.value, amountCents: 100, reasonCode: opts.reasonCode, reason: opts.words },
    });
    const body = await res.json();
    if (body.code === 200) return { refundNo: body.data.refundNo as string, orderId: order.id, orderNo: order.orderNo, headers };
  }
  throw new Error('no paid order left to refund');
}
