import { test, expect, signIn, signInAndWait, ADMIN, OPERATOR } from './fixtures';

test('admin signs in and sees the menu from the server', async ({ page }) => {
  await signInAndWait(page, ADMIN);
  await expect(page).toHaveURL(/#\/dashboard$/);
  const menu = page.getByRole('navigation', { name: 'menu' });
  await expect(menu.getByRole('button', { name: '停车基础设施' })).toBeVisible();
  await expect(menu.getByRole('button', { name: '系统管理' })).toBeVisible();
  await expect(page.getByTestId('navbar-user')).toHaveText('系统管理员');
});

test('a wrong password shows 登录失败 with the server message and keeps what was typed', async ({ page }) => {
  await signIn(page, { account: 'admin', password: 'not-the-password' });
  const notice = page.getByRole('alert').filter({ hasText: '登录失败' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('账号或密码错误');
  await expect(page.getByLabel('账号')).toHaveValue('admin');
  await expect(page).toHaveURL(/#\/login/);
});

test('a deep link while signed out goes to /login?redirect=… and lands back after signing in', async ({ page }) => {
  await page.goto('/#/parking/parkingAdmin');
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fparking%2FparkingAdmin$/);
  await signIn(page, ADMIN, '/login?redirect=%2Fparking%2FparkingAdmin');
  await expect(page).toHaveURL(/#\/parking\/parkingAdmin$/);
  await expect(page.getByRole('columnheader', { name: '名称' })).toBeVisible();
});

test('a redirect to another site is ignored after signing in', async ({ page }) => {
  await signIn(page, ADMIN, '/login?redirect=https%3A%2F%2Fevil.example%2F');
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('operator does not see admin-only menu entries', async ({ page }) => {
  await signInAndWait(page, OPERATOR);
  const menu = page.getByRole('navigation', { name: 'menu' });
  await expect(menu.getByRole('button', { name: '停车基础设施' })).toBeVisible();
  await expect(menu.getByRole('button', { name: '系统管理' })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: '财务报表' })).toHaveCount(0);
});

test('an unknown path after sign-in shows the 404 page', async ({ page }) => {
  await signInAndWait(page, ADMIN);
  await page.goto('/#/no/such/screen');
  await expect(page).toHaveURL(/#\/404$/);
  await expect(page.getByText('404')).toBeVisible();
});

test('a signed-in user opening /login is sent home', async ({ page }) => {
  await signInAndWait(page, ADMIN);
  await page.goto('/#/login');
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('sign out asks for confirmation and returns to /login', async ({ page }) => {
  await signInAndWait(page, ADMIN);
  await page.getByTestId('navbar-user').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('确定注销并退出系统吗？');
  await expect(dialog).toContainText('提示');
  // signing out reloads the page: wait for that before navigating again
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: '确定' }).click()]);
  await expect(page).toHaveURL(/#\/login/);
  await page.goto('/#/dashboard');
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fdashboard$/);
});

test('after sign-out, another user signing in lands on /dashboard unless they have the page the last one was on', async ({ page }) => {
  await signInAndWait(page, ADMIN);
  await page.goto('/#/system/user');
  await expect(page.getByRole('columnheader', { name: '账号' })).toBeVisible();
  await page.getByTestId('navbar-user').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('dialog').getByRole('button', { name: '确定' }).click()]);
  await signIn(page, OPERATOR, '/login?redirect=%2Fsystem%2Fuser');
  await expect(page).toHaveURL(/#\/dashboard$/);
  // a target the operator has is kept
  await page.getByTestId('navbar-user').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('dialog').getByRole('button', { name: '确定' }).click()]);
  await signIn(page, OPERATOR, '/login?redirect=%2Fparking%2FparkingAdmin');
  await expect(page).toHaveURL(/#\/parking\/parkingAdmin$/);
});
