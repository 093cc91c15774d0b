import { test, expect, signInAndWait, ADMIN, OPERATOR } from './fixtures';
import type { Page } from '@playwright/test';

// document.cookie reaches the browser's cookie store a moment after the page writes it, so the tests poll
const cookie = (page: Page, name: string) => expect.poll(async () => (await page.context().cookies()).find((c) => c.name === name)?.value);

test('the sidebar collapses and the sidebarStatus cookie remembers it across a reload', async ({ page }) => {
  await signInAndWait(page);
  const layout = page.getByTestId('layout');
  await expect(layout).toHaveClass(/is-open/);
  await expect(page.getByTestId('sidebar')).toHaveCSS('width', '220px');
  await page.getByTestId('hamburger').click();
  await expect(layout).toHaveClass(/is-collapsed/);
  await cookie(page, 'sidebarStatus').toBe('0');
  await page.reload();
  await expect(page.getByTestId('layout')).toHaveClass(/is-collapsed/);
  await page.getByTestId('hamburger').click();
  await expect(page.getByTestId('layout')).toHaveClass(/is-open/);
  await cookie(page, 'sidebarStatus').toBe('1');
});

test('under 992 px the sidebar closes; opening it shows a backdrop that closes it', async ({ page }) => {
  await signInAndWait(page);
  await page.setViewportSize({ width: 800, height: 700 });
  const layout = page.getByTestId('layout');
  await expect(layout).toHaveClass(/is-mobile/);
  await expect(layout).toHaveClass(/is-collapsed/);
  await expect(layout).toHaveClass(/without-animation/);
  await page.getByTestId('hamburger').click();
  await expect(page.getByTestId('sidebar-backdrop')).toBeVisible();
  await page.getByTestId('sidebar-backdrop').click({ position: { x: 700, y: 300 } });
  await expect(layout).toHaveClass(/is-collapsed/);
  // a route change closes it too
  await page.getByTestId('hamburger').click();
  await page.getByRole('navigation', { name: 'menu' }).getByRole('button', { name: '停车基础设施' }).click();
  await page.getByRole('navigation', { name: 'menu' }).getByRole('link', { name: '停车场管理' }).click();
  await expect(page).toHaveURL(/#\/parking\/parkingAdmin$/);
  await expect(layout).toHaveClass(/is-collapsed/);
});

test('the breadcrumb and the page title follow the menu', async ({ page }) => {
  await signInAndWait(page, ADMIN, '/parking/parkingAdmin');
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText('停车基础设施');
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText('停车场管理');
  await expect(page).toHaveTitle('停车场管理 - 智慧停车管理平台');
});

test('header search finds 停车场管理 from a misspelt title and opens it', async ({ page }) => {
  await signInAndWait(page);
  const search = page.getByRole('combobox', { name: '搜索' });
  await search.fill('停车厂管理');
  await expect(page.getByRole('option').first()).toContainText('停车场管理');
  await search.press('Enter');
  await expect(page).toHaveURL(/#\/parking\/parkingAdmin$/);
  await search.fill('parkingAdmn');
  await search.press('ArrowDown');
  await search.press('ArrowUp');
  await expect(page.getByRole('option', { selected: true })).toContainText('停车场管理');
  await search.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

test('the size switch persists in the size cookie and says so', async ({ page }) => {
  await signInAndWait(page);
  expect(await page.evaluate(() => document.documentElement.dataset.size)).toBe('small');
  await page.getByRole('button', { name: '布局大小' }).click();
  await page.getByRole('menuitem', { name: '迷你' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '布局设置成功' })).toBeVisible();
  await cookie(page, 'size').toBe('mini');
  expect(await page.evaluate(() => document.documentElement.dataset.size)).toBe('mini');
});

test('the navbar opens the data view, the operations view and the demo in a new window', async ({ page }) => {
  await signInAndWait(page);
  for (const [name, path, text] of [
    ['数据大屏', 'newDataView', '城市停车与充电'],
    ['运营大屏', 'operationView', '运营监控中心'],
    ['演示', 'demo', '页面工作室'],
  ]) {
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name, exact: true }).click()]);
    await expect(popup).toHaveURL(new RegExp(`#/${path}$`));
    await expect(popup.getByText(text)).toBeVisible();
    await expect(popup.getByTestId('layout')).toHaveCount(0);
    await popup.close();
  }
});

test('the operator, granted neither charging, refund review nor menu management, sees only the lot command centre of the big screens, and no demo', async ({
  page,
}) => {
  await signInAndWait(page, OPERATOR);
  // the menu has loaded: the header entries are decided on it
  await expect(page.getByRole('navigation', { name: 'menu' }).getByRole('button', { name: '停车基础设施' })).toBeVisible();
  for (const name of ['数据大屏', '运营大屏', '演示']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  // 车场大屏 shows the lots, lanes and devices the operator runs
  await expect(page.getByRole('button', { name: '车场大屏', exact: true })).toBeVisible();
  // nor are they reached by their path
  await page.goto('/#/operationView');
  await expect(page).toHaveURL(/#\/404$/);
});

test('log out asks "确定注销并退出系统吗？" titled 提示, and cancelling keeps the session', async ({ page }) => {
  await signInAndWait(page);
  await page.getByTestId('navbar-user').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('确定注销并退出系统吗？');
  await expect(dialog.getByText('提示', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('the 404 page offers a way home', async ({ page }) => {
  await signInAndWait(page);
  await page.goto('/#/no/such/screen');
  await expect(page).toHaveURL(/#\/404$/);
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('the 401 page offers a way home', async ({ page }) => {
  await signInAndWait(page);
  await page.goto('/#/401');
  await expect(page.getByText('您没有访问该页面的权限')).toBeVisible();
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('English switches the shell and amis pages, and stays after a reload', async ({ page }) => {
  await signInAndWait(page, ADMIN, '/parking/parkingAdmin');
  await expect(page.getByRole('columnheader', { name: '名称' })).toBeVisible();
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByTestId('navbar-user').click();
  await expect(page.getByRole('menuitem', { name: 'log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('button', { name: 'language' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'home' })).toBeVisible();
});
