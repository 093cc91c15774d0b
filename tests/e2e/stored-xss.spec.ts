import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import md5 from 'blueimp-md5';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, signInAndWait } from './fixtures';
import { startServer } from './start-server';

/**
 * Stored XSS: payloads saved through the API in every text field of every entity, then every list,
 * dialog, select and confirm box that shows them is opened. Nothing may run and the text shows as
 * written.
 *
 * The server's Content-Security-Policy already refuses inline handlers, so "nothing runs" is
 * watched for more than by `window.__xss`: a payload that became HTML shows as an element with an
 * on… attribute, as a request for /xp/… (a same-origin image the policy allows), or as a
 * policy violation report; lodash templates (`<% %>`, which eval may run) set `window.__xss`.
 *
 * The records live on a server of this file's own (in-memory database), so the other specs never
 * meet them.
 */

const PAYLOADS = [
  '<svg onload=__xss=1>',
  '<img src=/xp/2>',
  'javascript:__xss=3',
  '${user.userName}',
  '{{7*7}}<b>b</b>',
  '<%=__xss=6%>',
  `"'><i>q</i>&amp;`,
  "<svg onload=fetch('/xp/f')>",
] as const;

/** The payload for a field of `max` characters: itself if it fits, else the first one. */
const fit = (p: string, max: number) => (p.length <= max ? p : PAYLOADS[0]);

interface Seeded {
  lots: string[];
  roles: string[];
  /** menu screens under a payload directory, as paths */
  menuPaths: string[];
}

interface Guard {
  /** what ran or was injected so far on this page, for the report */
  findings(): Promise<string[]>;
}

async function signInToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/oauth/Login', {
    form: { account: ADMIN.account, password: md5(ADMIN.password), grant_type: 'password', origin: 'password', rememberMe: 'false' },
  });
  return (await res.json()).data.token as string;
}

async function seed(request: APIRequestContext): Promise<Seeded> {
  const token = await signInToken(request);
  const call = async <T = { id: string }>(method: string, path: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(path, { method, headers: { Authorization: token }, data });
    const body = await res.json();
    expect(body.code, `${method} ${path}: ${body.msg}`).toBe(200);
    return body.data as T;
  };

  // dictionaries: the entries every list and select shows get payload labels, and dictionaries of their own
  for (const dictName of [
    'lane_direction',
    'qr_type',
    'qr_status',
    'space_type',
    'space_status',
    'device_type',
    'enabled_mark',
    'road_type',
    'parking_type',
  ]) {
    const { list } = await call<{ list: Record<string, unknown>[] }>('GET', `/api/dictDetail?dictName=${dictName}&page=0&size=9999`);
    for (const [j, entry] of list.entries()) {
      const p = PAYLOADS[j % PAYLOADS.length];
      await call('PUT', '/api/dictDetail', { ...entry, label: p, content: p });
    }
  }
  for (const [i, p] of PAYLOADS.entries()) {
    await call('POST', '/api/system/Dictionary', { name: `xssDict${i}`, fullName: p, description: p, sortCode: -1000 });
    await call('POST', '/api/dictDetail', { dictName: `xssDict${i}`, label: p, value: `v${i}`, content: p });
  }

  const lots: string[] = [];
  const roles: string[] = [];
  for (const [i, p] of PAYLOADS.entries()) {
    const lot = await call('POST', '/api/system/Parking', {
      parkingCode: `0xss${i}`,
      parkingName: p,
      type: 1,
      roadType: 1,
      sortCode: -1000,
      regionName: p,
      street: p,
      address: p,
      contactName: fit(p, 20),
      description: p,
    });
    lots.push(lot.id);
    const district = await call('POST', '/api/system/ParkingArea', {
      areaName: fit(p, 30),
      areaCode: `0xa${i}`,
      level: 1,
      sortCode: -1000,
    });
    const lotArea = await call('POST', '/api/system/ParkingArea', {
      areaName: fit(p, 30),
      areaCode: `0xb${i}`,
      level: 4,
      parentId: district.id,
      parkingId: lot.id,
    });
    const zone = await call('POST', '/api/system/ParkingArea', {
      areaName: fit(p, 30),
      areaCode: `0xc${i}`,
      level: 5,
      parentId: lotArea.id,
    });
    const device = (code: string, deviceType: number) => ({
      deviceCode: code,
      deviceName: p,
      deviceType,
      parkingId: lot.id,
      vendor: fit(p, 30),
      serialNo: p,
      firmware: fit(p, 30),
    });
    const barrier = await call('POST', '/api/system/Device', device(`0xd${i}`, 2));
    const camera = await call('POST', '/api/system/Device', device(`0xe${i}`, 1));
    const lane = await call('POST', '/api/system/ParkingLane', {
      parkingId: lot.id,
      areaId: zone.id,
      laneCode: `L${i}`,
      laneName: fit(p, 30),
      direction: 1 + (i % 3),
      qrType: 1 + (i % 3),
      barrierDeviceId: barrier.id,
      cameraDeviceId: camera.id,
    });
    await call('PUT', `/api/system/Device/${camera.id}`, { ...device(`0xe${i}`, 1), laneId: lane.id });
    await call('POST', '/api/system/ParkingSpace', {
      parkingId: lot.id,
      areaId: zone.id,
      spaceNo: `0S${i}`,
      sensorNo: fit(p, 32),
      spaceType: 3,
      holderName: fit(p, 20),
      rentalStart: '2024-01-01',
      rentalEnd: '2030-12-31',
    });
    const role = await call('POST', '/api/system/Role', { fullName: p, enCode: `xssRole${i}`, description: p, sortCode: -1000 });
    roles.push(role.id);
    await call('POST', '/api/system/Permission/Users', {
      account: `xss${i}`,
      realName: p,
      roleIds: [role.id],
      parkingIds: [lot.id],
      status: 1,
      userPassword: md5('Xss12345'),
      validatePassword: md5('Xss12345'),
    });
    await call('POST', '/api/coupon/Merchant', { merchantName: p, contactName: fit(p, 20), parkingIds: lots.slice(), description: p });
  }

  // menus: a payload directory of payload screens (the dictionary page) with payload buttons; the sidebar,
  // the header search, the tabs and the breadcrumb show their names
  const dir = await call('POST', '/api/system/Menu', {
    fullName: PAYLOADS[0],
    enCode: 'xssDir',
    type: 1,
    icon: PAYLOADS[1],
    sortCode: -1000,
  });
  const menuPaths: string[] = [];
  for (const [i, p] of PAYLOADS.entries()) {
    await call('POST', '/api/system/Menu', {
      parentId: dir.id,
      fullName: p,
      enCode: `xssMenu${i}`,
      type: 2,
      urlAddress: 'system/dict',
      icon: p,
      sortCode: i,
      buttons: [{ fullName: p, enCode: `xss${i}:view` }],
    });
    menuPaths.push(`/xssDir/xssMenu${i}`);
  }

  // the signed-in administrator's own name (navbar, user centre)
  const { list: admins } = await call<{ list: { id: string; account: string }[] }>(
    'GET',
    '/api/system/Permission/Users?keyword=admin&currentPage=1&pageSize=50',
  );
  const admin = admins.find((u) => u.account === ADMIN.account)!;
  await call('PUT', `/api/system/Permission/Users/${admin.id}`, { realName: PAYLOADS[3] });

  // the sign-in log: failed sign-ins need no account, and choose the account and the user agent
  for (let i = 0; i < PAYLOADS.length; i += 2) {
    const res = await request.post('/api/oauth/Login', {
      headers: { 'User-Agent': `${PAYLOADS[i + 1]} ${PAYLOADS[i]}` },
      form: { account: PAYLOADS[i], password: md5('wrong-password1'), grant_type: 'password', origin: 'password', rememberMe: 'false' },
    });
    expect((await res.json()).code).not.toBe(200);
  }
  return { lots, roles, menuPaths };
}

const test = base.extend<{ guard: Guard }, { xssServer: string; seeded: Seeded }>({
  xssServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { url, child } = await startServer({ SITE_PAGES: mkdtempSync(join(tmpdir(), 'xss-pages-')) }, 90_000);
      await use(url);
      child.kill('SIGTERM');
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  seeded: [
    async ({ xssServer, playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: xssServer });
      const seeded = await seed(request);
      await request.dispose();
      await use(seeded);
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ xssServer }, use) => {
    await use(xssServer);
  },
  // every test: watch the page from its first script, and check it at the end
  guard: [
    async ({ page }, use) => {
      const probes: string[] = [];
      const dialogs: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/xp')) probes.push(r.url());
      });
      page.on('dialog', (d) => {
        dialogs.push(`${d.type()}: ${d.message()}`);
        void d.dismiss();
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __violations: string[] };
        w.__violations = [];
        document.addEventListener('securitypolicyviolation', (e) => {
          const where = e.target instanceof Element ? e.target.outerHTML.slice(0, 120) : '';
          w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample} ${where}`.trim());
        });
      });
      const guard: Guard = {
        async findings() {
          const inPage = await page.evaluate(() => {
            const w = window as unknown as { __xss?: unknown; __violations?: string[] };
            const out: string[] = [];
            if (w.__xss !== undefined) out.push(`window.__xss = ${String(w.__xss)}`);
            for (const v of w.__violations ?? []) out.push(`CSP violation: ${v}`);
            for (const el of Array.from(document.querySelectorAll('*'))) {
              const handlers = Array.from(el.attributes).filter((a) => /^on/i.test(a.name));
              if (handlers.length) out.push(`handler attribute: ${el.outerHTML.slice(0, 120)}`);
              for (const a of Array.from(el.attributes)) {
                if (/^(href|src|action|formaction|xlink:href)$/i.test(a.name) && /^\s*(javascript|vbscript|data:text)/i.test(a.value))
                  out.push(`script address: ${el.outerHTML.slice(0, 120)}`);
              }
            }
            return out;
          });
          return [...inPage, ...probes.map((p) => `request to ${p}`), ...dialogs.map((d) => `dialog ${d}`)];
        },
      };
      await use(guard);
      expect(await guard.findings(), 'a payload ran or became HTML').toEqual([]);
    },
    { auto: true },
  ],
});

/** Nothing ran and nothing was injected so far. */
async function clean(guard: Guard, where: string) {
  expect(await guard.findings(), where).toEqual([]);
}

/** Each payload shows as written in `scope` (those given, or all). */
async function showsLiterally(scope: Locator, payloads: readonly string[] = PAYLOADS) {
  for (const p of payloads) await expect(scope, p).toContainText(p);
}

async function openList(page: Page, path: string): Promise<Locator> {
  await page.goto(`/#${path}`);
  // header and body are tables of their own: the list is the crud around them
  const table = page.locator('.pc-amis-page:visible .cxd-Crud').first();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.locator('.pc-amis-page:visible .cxd-Crud .cxd-Spinner')).toHaveCount(0);
  return table;
}

/** The first row of the list that shows `text`. */
const rowWith = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text }).first();

async function openDialog(button: Locator, page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog').last();
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click();
    await expect(dialog).toBeVisible({ timeout: 2000 });
  }).toPass();
  return dialog;
}

async function closeDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await page.keyboard.press('Escape');
  // a popover of the form (a hovered select) may take the first Escape
  await expect(async () => {
    if (await dialog.count()) await dialog.last().locator('.cxd-Modal-close').first().click({ timeout: 2000 });
    await expect(dialog).toHaveCount(0, { timeout: 2000 });
  }).toPass();
}

/** A row's confirm box: its text shows the payload as written; then cancelled. */
async function confirmBox(page: Page, button: Locator, payload: string) {
  await button.click();
  const box = page.locator('.cxd-Modal:visible, [role="dialog"]:visible').last();
  await expect(box).toContainText(payload);
  await box.getByRole('button', { name: '取消' }).click();
  await expect(box).toBeHidden();
}

/** Opens the select, checks its options show the payloads as written, closes it. */
async function selectOptions(page: Page, select: Locator, payloads: readonly string[]) {
  await select.click();
  const menu = page.locator('.cxd-PopOver:visible, .cxd-Select-menu:visible').last();
  await expect(menu).toBeVisible();
  await showsLiterally(menu, payloads);
  // a click beside the options closes them
  await page.locator('.cxd-PopOver-overlay').last().click();
  await expect(menu).toBeHidden();
}

test('parking lots, areas, lanes, spaces and devices show stored payloads as text', async ({ page, guard, seeded }) => {
  test.setTimeout(240_000);
  expect(seeded.lots).toHaveLength(PAYLOADS.length);
  await signInAndWait(page);
  await clean(guard, 'after sign-in');

  // lots: the list (names, addresses, dictionary labels), the delete confirm box, the edit screen
  let table = await openList(page, '/parking/parkingAdmin');
  await showsLiterally(table);
  await confirmBox(page, rowWith(table, '0xss2').getByRole('button', { name: '停用' }), PAYLOADS[2]);
  await rowWith(table, '0xss6').getByRole('button', { name: '编辑' }).click();
  await expect(page.locator('input[name="parkingName"]')).toHaveValue(PAYLOADS[6]);
  await expect(page.locator('textarea[name="description"], input[name="description"]').first()).toHaveValue(PAYLOADS[6]);
  await clean(guard, 'lots');

  // areas: the tree list, the lot select of its form
  table = await openList(page, '/parking/parkingArea');
  await showsLiterally(table);
  await clean(guard, 'areas');

  // lanes: list, lot filter options, the QR code dialog (titled with the lane), edit form with its selects, delete confirm box
  table = await openList(page, '/parking/parkingLane');
  await showsLiterally(table);
  await selectOptions(page, page.locator('.pc-amis-page:visible .cxd-Crud .cxd-Select').first(), PAYLOADS);
  let dialog = await openDialog(rowWith(table, 'L3').getByRole('button', { name: '预览二维码' }), page);
  await showsLiterally(dialog, [PAYLOADS[3]]);
  await closeDialog(page);
  dialog = await openDialog(rowWith(table, 'L0').getByRole('button', { name: '编辑' }), page);
  await expect(dialog.locator('input[name="laneName"]')).toHaveValue(PAYLOADS[0]);
  await showsLiterally(dialog, [PAYLOADS[0]]);
  await closeDialog(page);
  await confirmBox(page, rowWith(table, 'L5').getByRole('button', { name: '删除' }), PAYLOADS[5]);
  await clean(guard, 'lanes');

  // spaces: list (holders, dictionary labels), the end-of-rental confirm box, edit form
  table = await openList(page, '/parking/parkingSpace');
  await showsLiterally(table);
  await confirmBox(page, rowWith(table, '0S4').getByRole('button', { name: '退租' }), PAYLOADS[4]);
  dialog = await openDialog(rowWith(table, '0S7').getByRole('button', { name: '编辑' }), page);
  await showsLiterally(dialog, [PAYLOADS[0]]);
  await closeDialog(page);
  await clean(guard, 'spaces');

  // devices: list, edit form (lot and lane selects), delete confirm box
  table = await openList(page, '/monitoring/device');
  // two devices a lot: the first page has the first five lots' ones
  await showsLiterally(table, PAYLOADS.slice(0, 5));
  dialog = await openDialog(rowWith(table, '0xd1').getByRole('button', { name: '编辑' }), page);
  await expect(dialog.locator('input[name="deviceName"]')).toHaveValue(PAYLOADS[1]);
  await showsLiterally(dialog, [PAYLOADS[1]]);
  await closeDialog(page);
  await confirmBox(page, rowWith(table, '0xd3').getByRole('button', { name: '删除' }), PAYLOADS[3]);
  await clean(guard, 'devices');
});

test('users, roles, menus, dictionaries and merchants show stored payloads as text', async ({ page, guard, seeded }) => {
  test.setTimeout(240_000);
  expect(seeded.roles).toHaveLength(PAYLOADS.length);
  await signInAndWait(page);

  // users: the roles joined in the list, the edit form (roles and lots chosen, hovered), confirm boxes
  let table = await openList(page, '/system/user');
  await showsLiterally(table);
  let dialog = await openDialog(rowWith(table, 'xss4').getByRole('button', { name: '编辑' }), page);
  await expect(dialog.locator('input[name="realName"]')).toHaveValue(PAYLOADS[4]);
  await showsLiterally(dialog, [PAYLOADS[4]]);
  for (const tag of await dialog.locator('.cxd-Select-value, .cxd-ResultBox-value').all()) await tag.hover();
  await closeDialog(page);
  await confirmBox(page, rowWith(table, 'xss2').getByRole('button', { name: '删除' }), 'xss2');
  await clean(guard, 'users');

  // roles: list, edit form, the grant tree of menus (payload menu and button names)
  table = await openList(page, '/system/role');
  await showsLiterally(table);
  dialog = await openDialog(rowWith(table, 'xssRole6').getByRole('button', { name: '授权' }), page);
  await showsLiterally(dialog, [PAYLOADS[0]]);
  await closeDialog(page);
  await confirmBox(page, rowWith(table, 'xssRole7').getByRole('button', { name: '删除' }), PAYLOADS[7]);
  await clean(guard, 'roles');

  // menus: the tree list, the edit form with its parent select
  table = await openList(page, '/system/menu');
  await expect(table).toContainText(PAYLOADS[0]);
  await clean(guard, 'menus');

  // dictionaries: list, entries dialog
  table = await openList(page, '/system/dict');
  await showsLiterally(table);
  dialog = await openDialog(rowWith(table, 'xssDict1').getByRole('button', { name: '字典项' }), page);
  await showsLiterally(dialog, [PAYLOADS[1]]);
  await closeDialog(page);
  await clean(guard, 'dictionaries');

  // merchants: list, edit form with the chosen lots (hovered), delete confirm box
  table = await openList(page, '/coupon/merchant');
  await showsLiterally(table);
  await clean(guard, 'merchant list');
  dialog = await openDialog(rowWith(table, PAYLOADS[7]).getByRole('button', { name: '编辑' }), page);
  await expect(dialog.locator('input[name="merchantName"]')).toHaveValue(PAYLOADS[7]);
  await clean(guard, 'merchant dialog');
  // each chosen lot has a tooltip with its name
  for (const tag of await dialog.locator('.cxd-Select-value').all()) {
    await tag.hover();
    await expect(page.locator('.cxd-Tooltip:visible')).toBeVisible();
  }
  await clean(guard, 'merchant hovers');
  await closeDialog(page);
  await clean(guard, 'merchant closed');
  await confirmBox(page, rowWith(table, PAYLOADS[5]).getByRole('button', { name: '删除' }), PAYLOADS[5]);
  await clean(guard, 'merchants');
});

test('sign-in and operation logs, and the shell (menu, search, tabs, breadcrumb, user) show stored payloads as text', async ({
  page,
  guard,
  seeded,
}) => {
  test.setTimeout(180_000);
  await signInAndWait(page);
  await expect(page.getByTestId('navbar-user')).toHaveText(PAYLOADS[3]);

  // the sign-in log: accounts and user agents chosen by whoever tried to sign in
  let table = await openList(page, '/system/loginLog');
  await showsLiterally(table);
  // the operation log names the records written
  table = await openList(page, '/system/operLog');
  await showsLiterally(table, PAYLOADS.slice(4));
  await clean(guard, 'logs');

  // the sidebar, a payload screen's tab, breadcrumb and title
  const menu = page.getByRole('navigation', { name: 'menu' });
  await menu.getByRole('button', { name: PAYLOADS[0] }).first().click();
  await showsLiterally(menu, PAYLOADS);
  await menu.getByRole('link', { name: PAYLOADS[4] }).click();
  await expect(page).toHaveURL(new RegExp(`${seeded.menuPaths[4]}$`));
  await expect(page.getByRole('tablist', { name: 'tags' }).getByRole('tab', { name: PAYLOADS[4] })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText(PAYLOADS[4]);
  await expect(page).toHaveTitle(new RegExp(PAYLOADS[4].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await clean(guard, 'sidebar, tab, breadcrumb and title');

  // the header search lists the payload screens by name
  const search = page.getByRole('combobox', { name: '搜索' });
  await search.fill('svg onload');
  await expect(page.getByRole('listbox').getByRole('option', { name: PAYLOADS[7] })).toBeVisible();
  await showsLiterally(page.getByRole('listbox'), [PAYLOADS[0], PAYLOADS[7]]);
  await search.press('Escape');
  await clean(guard, 'header search');

  // the user centre shows the signed-in user's own details
  await page.goto('/#/user/center');
  await expect(page.locator('body')).toContainText(PAYLOADS[3]);
  await clean(guard, 'user centre');
});
