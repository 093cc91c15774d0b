import type { Browser, Locator, Page } from '@playwright/test';
import { test, expect, signIn, signInAndWait, uniqueSuffix } from './fixtures';

/** amis form controls carry their field name; their labels are not linked to them. */
const field = (scope: Locator, name: string) => scope.locator(`[name="${name}"]`);

async function tokenOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return decodeURIComponent(cookies.find((c) => c.name === 'parking_token')!.value);
}

/** A role granting the dictionary screen and only its edit button, made through the API. */
async function createRole(page: Page, name: string, code: string): Promise<string> {
  const res = await page.request.post('/api/system/Role', {
    headers: { Authorization: await tokenOf(page) },
    data: { fullName: name, enCode: code, grants: 'menu:m-dict,button:b-dict:edit' },
  });
  const body = await res.json();
  expect(body.code, body.msg).toBe(200);
  return body.data.id as string;
}

/** The page may re-render once right after loading (runtime config arrives), closing a dialog opened too early. */
async function openDialog(button: Locator, dialog: Locator) {
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click();
    await expect(dialog).toBeVisible({ timeout: 2000 });
  }).toPass();
}

async function openUsers(page: Page, account: string) {
  await page.goto('/#/system/user');
  await expect(page.getByRole('columnheader', { name: '账号' })).toBeVisible();
  await page.getByPlaceholder('账号、姓名或手机号').fill(account);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('row').filter({ hasText: account })).toBeVisible();
}

async function newUserPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'zh-CN' });
  return context.newPage();
}

test('a user created with a role sees exactly its menus and buttons; disabling ends the session; a reset password works', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const s = uniqueSuffix();
  const account = `e2e${s}`;
  const roleName = `字典编辑${s}`;
  await signInAndWait(page);
  await createRole(page, roleName, `dictEdit${s}`);

  // create the user on the user screen
  await page.goto('/#/system/user');
  const dialog = page.getByRole('dialog');
  await openDialog(page.getByRole('button', { name: '新增用户' }), dialog);
  await field(dialog, 'account').fill(account);
  await field(dialog, 'realName').fill(`测试${s}`);
  await field(dialog, 'phone').fill('123');
  await field(dialog, 'userPassword').fill('first-pass1');
  await field(dialog, 'validatePassword').fill('first-pass1');
  await dialog.getByText(roleName).click();
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog.getByText('请输入正确的电话号码')).toBeVisible();
  await field(dialog, 'phone').fill('13510236781');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  await openUsers(page, account);
  const row = page.getByRole('row').filter({ hasText: account });
  await expect(row).toContainText('135****6781');
  await expect(row).toContainText(roleName);

  // the new user sees the dictionary screen only, with edit but not add or delete
  const theirs = await newUserPage(browser);
  await signInAndWait(theirs, { account, password: 'first-pass1' });
  const menu = theirs.getByRole('navigation', { name: 'menu' });
  await expect(menu.getByRole('button', { name: '系统管理' })).toBeVisible();
  await expect(menu.getByRole('button', { name: '停车基础设施' })).toHaveCount(0);
  await theirs.goto('/#/system/dict');
  const dictRow = theirs.getByRole('row').filter({ hasText: 'road_type' });
  await expect(dictRow.getByRole('button', { name: '编辑' })).toBeVisible();
  await expect(dictRow.getByRole('button', { name: '删除' })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: '新增字典' })).toHaveCount(0);
  await theirs.goto('/#/system/user');
  await expect(theirs).toHaveURL(/#\/(404|401)$/);

  // the administrator disables them: their next call asks them to sign in again
  await row.getByRole('button', { name: '禁用' }).click();
  await expect(page.getByRole('dialog')).toContainText(`确定禁用用户「${account}」吗？`);
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(row).toContainText('禁用');
  await theirs.goto('/#/system/dict');
  const expired = theirs.getByRole('dialog').filter({ hasText: '登录状态已过期，请重新登录' });
  await expect(expired).toBeVisible();
  await expired
    .getByRole('button', { name: /重新登录|确定|确认/ })
    .first()
    .click();
  await expect(theirs).toHaveURL(/#\/login/);
  await signIn(theirs, { account, password: 'first-pass1' }, '/login');
  await expect(theirs.getByRole('alert').filter({ hasText: '登录失败' })).toContainText('账号已被禁用，请联系管理员');

  // reset the password, enable again: only the new password works
  await row.getByRole('button', { name: '重置密码' }).click();
  const reset = page.getByRole('dialog');
  await field(reset, 'userPassword').fill('second-pass2');
  await field(reset, 'validatePassword').fill('second-pass3');
  await reset.getByRole('button', { name: '确认' }).click();
  await expect(reset.getByText('两次输入的密码不一致')).toBeVisible();
  await field(reset, 'validatePassword').fill('second-pass2');
  await reset.getByRole('button', { name: '确认' }).click();
  await expect(reset).toBeHidden();
  await row.getByRole('button', { name: '启用' }).click();
  await expect(row.getByRole('button', { name: '禁用' })).toBeVisible();

  await theirs.goto('/#/login');
  await signIn(theirs, { account, password: 'first-pass1' }, '/login');
  await expect(theirs.getByRole('alert').filter({ hasText: '账号或密码错误' })).toContainText('登录失败');
  await theirs.reload();
  await signInAndWait(theirs, { account, password: 'second-pass2' });
  await theirs.context().close();
});

test('the administrator cannot delete or disable their own account from the user screen', async ({ page }) => {
  await signInAndWait(page);
  await openUsers(page, 'admin');
  const row = page.getByRole('row').filter({ hasText: 'admin@example.com' });
  await expect(row.getByRole('button', { name: '编辑' })).toBeVisible();
  await expect(row.getByRole('button', { name: '删除' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: '禁用' })).toHaveCount(0);
});
