import { expect, type Browser, type Page } from '@playwright/test';
import md5 from 'blueimp-md5';
import { ADMIN, OPERATOR, anyScriptHolds, clickUntil, signInPageScripts, test } from './fixtures';

// The page studio (/demo): an administrator edits 商户管理 in amis-editor, previews it with live
// data, saves it to the site bundle, and another browser opens the change; rolling back restores
// the page. The studio is the administrator's alone, and its editor never reaches the sign-in page.

// amis-editor reads amis-core's status store through objects derived from it, and mobx 4 says so
// on every read (hundreds of warnings a minute, an upstream habit, harmless). Selecting a node
// opens a code editor (Monaco) in the editor's property panel, which starts a language worker; when
// the panel redraws (or the page closes) before that worker has loaded, Monaco ends it and says so
// three ways. The page and the editor go on unharmed.
const EDITOR_NOISE = [
  /^Property '(disableState|staticState)' of 'StatusStore@<root>' was accessed through the prototype chain/,
  /^Could not create web worker\(s\)\. Falling back to loading web worker code in main thread/,
  /^Uncaught NetworkError: Failed to execute 'importScripts' on 'WorkerGlobalScope': The script at '[^']*\/static\/js\/async\/[^']*' failed to load/,
  /^Error: Trying to add a disposable to a DisposableStore that has already been disposed of/,
];

test.use({
  // an array option is given as [value, options] (Playwright reads a bare array as that pair)
  consoleAllowed: [EDITOR_NOISE, { scope: 'test' }],
  viewport: { width: 1600, height: 900 },
});

/** Signs in through the API as the sign-in page would leave it (its token cookie); answers the token. */
async function signedIn(page: Page, who = ADMIN): Promise<string> {
  const res = await page.request.post('/api/oauth/Login', {
    form: { account: who.account, password: md5(who.password), grant_type: 'password', origin: 'password', rememberMe: 'false' },
  });
  const { data } = await res.json();
  await page.context().addCookies([{ name: 'parking_token', value: encodeURIComponent(data.token), url: new URL(res.url()).origin }]);
  return data.token as string;
}

/** A second browser (its own cookies) signed in as admin, on 商户管理. */
async function secondBrowser(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const page = await context.newPage();
  await signedIn(page);
  return page;
}

async function openInStudio(page: Page, title: string) {
  await page.goto('/#/demo');
  await page.getByLabel('选择菜单页面').selectOption({ label: title });
  await expect(page.locator('.pc-studio__canvas .ae-Editor-inner, .pc-studio__canvas [class*="ae-"]').first()).toBeVisible();
}

const merchantHeader = (page: Page, name: string) => page.locator('.cxd-Table').getByRole('columnheader', { name, exact: true });

test('admin relabels a column of 商户管理 in the editor, previews, saves; another browser sees it; rolling back restores it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signedIn(page);
  await openInStudio(page, '商户管理');
  // visually: pick the column on the canvas, rename it in the editor's property panel
  const canvas = page.locator('.pc-studio__canvas');
  await canvas.getByText('联系人', { exact: true }).first().click();
  const label = canvas.locator('input[name="label"]');
  await expect(label).toHaveValue('联系人');
  await label.fill('联系人姓名');
  await label.press('Tab');
  await expect(page.getByLabel('JSON', { exact: true })).toHaveValue(/"label": "联系人姓名"/);

  // preview with live data (the seeded merchants) at each width
  await page.getByRole('button', { name: '1440px' }).click();
  const preview = page.locator('.pc-studio-preview');
  await expect(merchantHeader(preview as unknown as Page, '联系人姓名')).toBeVisible();
  await expect(preview.getByRole('row').nth(1)).toBeVisible();
  for (const width of [768, 390]) {
    await page.getByRole('button', { name: `${width}px` }).click();
    await expect(preview.locator('.pc-studio-preview__frame')).toHaveAttribute('data-width', String(width));
    expect((await preview.locator('.pc-studio-preview__frame').boundingBox())!.width).toBeLessThanOrEqual(width + 2);
    await expect(preview.getByText('联系人姓名').first()).toBeVisible();
  }

  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /已保存为第 \d+ 版/ })).toBeVisible();

  const other = await secondBrowser(browser, baseURL!);
  await other.goto('/#/coupon/merchant');
  await expect(merchantHeader(other, '联系人姓名')).toBeVisible();

  // roll back to version 1, the page before the studio's first save
  await page.getByRole('button', { name: '历史版本' }).click();
  const first = page.locator('.pc-studio-versions li').filter({ hasText: '保存前的页面' }).last();
  await first.getByRole('button', { name: '回滚到此版本' }).click();
  await expect(page.getByRole('status').filter({ hasText: /已回滚/ })).toBeVisible();
  await other.reload();
  await expect(merchantHeader(other, '联系人')).toBeVisible();
  await expect(merchantHeader(other, '联系人姓名')).toHaveCount(0);
  await other.context().close();
});

test('a page with a problem is refused with its JSON path', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page);
  await openInStudio(page, '商户管理');
  const json = page.getByLabel('JSON', { exact: true });
  // the editor writes the page back once it has taken it in: type after that, as a person would
  await expect
    .poll(async () => {
      const before = await json.inputValue();
      await page.waitForTimeout(500);
      return before === (await json.inputValue());
    })
    .toBe(true);
  const text = await json.inputValue();
  await json.fill(text.replace('"type": "page",', '"type": "page",\n  "titel": "错字",'));
  await expect(json).toHaveValue(/"titel": "错字"/);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  const problems = page.locator('.pc-studio-problems');
  await expect(problems).toContainText('/titel');
  await expect(page.getByRole('alert').filter({ hasText: '未通过检查' })).toBeVisible();
  // the problem's place: picked in the list, selected in the JSON
  await problems.getByRole('button', { name: '/titel' }).click();
  await expect
    .poll(() => json.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd)))
    .toBe('"titel": "错字"');
});

test('a problem is shown on its node of the canvas, and picking it selects that node', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page);
  await openInStudio(page, '商户管理');
  const json = page.getByLabel('JSON', { exact: true });
  // the page as the editor holds it (its node ids given, the crud as the body's list)
  await expect(json).toHaveValue(/"id": "u:/);
  // the 联系人 column asks for a permission code the menu does not have
  const edited = JSON.parse(await json.inputValue());
  edited.body[0].columns[1].className = "${HAS_PERM('studio:nope') ? 'pc-x' : ''}";
  await json.fill(JSON.stringify(edited, null, 2));
  await page.getByRole('button', { name: '校验', exact: true }).click();
  const problems = page.locator('.pc-studio-problems');
  await expect(problems).toContainText('/body/0/columns/1/className');
  // on the canvas: the column's own element is outlined, its title names the problem
  const canvas = page.locator('.pc-studio__canvas');
  const marked = canvas.locator('.pc-studio-problem-node');
  await expect(marked.first()).toBeVisible();
  await expect(marked.first()).toHaveAttribute('title', /\/body\/0\/columns\/1\/className: unknown permission code "studio:nope"/);
  await expect(marked.first()).toContainText('联系人');
  // the column, not the page or the list around it
  await expect(marked.filter({ hasText: '商户名称' })).toHaveCount(0);
  await expect(marked.first()).toHaveCSS('outline-color', 'rgb(245, 34, 45)');
  // no node is selected until the problem is picked; then the column is, its label in the property panel
  const label = canvas.locator('input[name="label"]');
  await expect(label).toHaveCount(0);
  await problems.getByRole('button', { name: '/body/0/columns/1/className' }).click();
  await expect(label).toHaveValue('联系人');
  const active = await marked.first().getAttribute('data-editor-id');
  await expect(canvas.locator(`[data-hlbox-id="${active}"]`)).toBeVisible();
});

test('the canvas and the preview never write: a form submitted in the preview sends nothing but reads', async ({ page }) => {
  test.setTimeout(120_000);
  const writes: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() !== 'GET' && path.startsWith('/api/') && !path.startsWith('/api/studio/')) writes.push(`${r.method()} ${path}`);
  });
  await signedIn(page);
  await openInStudio(page, '商户管理');
  // editing: a column renamed on the canvas
  const canvas = page.locator('.pc-studio__canvas');
  await canvas.getByText('联系人', { exact: true }).first().click();
  await canvas.locator('input[name="label"]').fill('联系人姓名');
  await canvas.locator('input[name="label"]').press('Tab');
  await expect(page.getByLabel('JSON', { exact: true })).toHaveValue(/"label": "联系人姓名"/);
  // previewing: the page's 新增商户 form, filled in and submitted (its api is post:/api/coupon/Merchant)
  await page.getByRole('button', { name: '1440px' }).click();
  const preview = page.locator('.pc-studio-preview');
  await expect(preview.getByRole('row').nth(1)).toBeVisible();
  const dialog = page.getByRole('dialog').filter({ hasText: '新增商户' });
  await clickUntil(preview.getByRole('button', { name: '新增商户' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await dialog.locator('[name="merchantName"]').fill(`工作室商户${Date.now().toString(36)}`);
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('工作室中不写入数据：POST /api/coupon/Merchant 未发送').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(writes).toEqual([]);
});

test('a new page from the template is saved and added to the menu, and opens from it', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signedIn(page);
  await page.goto('/#/demo');
  const code = `studio${Date.now().toString(36)}`;
  await page.getByLabel('新页面地址').fill(`studio/${code}`);
  await page.getByRole('button', { name: '打开', exact: true }).click();
  await expect(page.getByText('新页面模板')).toBeVisible();
  // the template's example API is no route of the server: this page reads nothing
  const json = page.getByLabel('JSON', { exact: true });
  await json.fill(JSON.stringify({ type: 'page', title: 'Studio page', body: [{ type: 'tpl', tpl: `Hello from ${code}` }] }, null, 2));
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /已保存为第 \d+ 版/ })).toBeVisible();
  await page.getByRole('button', { name: '添加到菜单' }).click();
  await page.getByLabel('菜单目录').selectOption({ label: '系统工具' });
  await page.getByLabel('菜单名称').fill('Studio page');
  await page.getByLabel('菜单编码').fill(code);
  await page.locator('.pc-studio-menu-form').getByRole('button', { name: '添加到菜单' }).click();
  await expect(page.getByRole('status').filter({ hasText: `/tools/${code}` })).toBeVisible();
  const other = await secondBrowser(browser, baseURL!);
  await other.goto(`/#/tools/${code}`);
  await expect(other.getByText(`Hello from ${code}`)).toBeVisible();
  await other.context().close();
});

test('a path outside the site bundle is refused', async ({ page }) => {
  const token = await signedIn(page);
  const page0 = { type: 'page', title: 'x', body: [] };
  for (const urlAddress of ['../escape', '/etc/passwd', '%2e%2e/escape', '..%2Fescape', 'a/../../escape']) {
    const res = await page.request.post('/api/studio/Save', {
      headers: { Authorization: token },
      data: { urlAddress, page: page0, baseVersion: 0 },
    });
    const body = await res.json();
    expect(body.code, urlAddress).toBe(400);
    expect(body.msg, urlAddress).toMatch(/页面地址/);
  }
});

test('an operator gets 404 for /demo and 403 from the save API', async ({ page }) => {
  const token = await signedIn(page, OPERATOR);
  await page.goto('/#/demo');
  await expect(page).toHaveURL(/#\/404$/);
  const res = await page.request.post('/api/studio/Save', {
    headers: { Authorization: token },
    data: { urlAddress: 'coupon/merchant', page: { type: 'page', body: [] }, baseVersion: 0 },
  });
  expect(res.status()).toBe(403);
});

test("the editor's chunk is not among the sign-in page's requests", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  // amis-editor's class names start with ae-Editor
  expect(await anyScriptHolds(page.request, await signInPageScripts(page), 'ae-Editor')).toBe(false);
  // the same measure finds it on /demo once a page is opened
  const studio = await (await browser.newContext({ baseURL, locale: 'zh-CN' })).newPage();
  const studioScripts: string[] = [];
  studio.on('request', (r) => r.resourceType() === 'script' && studioScripts.push(r.url()));
  await signedIn(studio);
  await openInStudio(studio, '商户管理');
  expect(await anyScriptHolds(page.request, studioScripts, 'ae-Editor')).toBe(true);
  await studio.context().close();
});
