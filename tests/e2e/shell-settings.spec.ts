import { test, expect, signInAndWait, ADMIN } from './fixtures';
import type { Page } from '@playwright/test';

async function openSettings(page: Page) {
  await page.getByTestId('open-settings').click();
  const panel = page.getByRole('dialog', { name: '系统布局配置' });
  await expect(panel).toBeVisible();
  return panel;
}

test('the settings panel opens from the top bar and closes by its button or a click outside', async ({ page }) => {
  await signInAndWait(page);
  let panel = await openSettings(page);
  await panel.getByRole('button', { name: '关闭' }).click();
  await expect(panel).toBeHidden();
  panel = await openSettings(page);
  await page.getByTestId('settings-mask').click({ position: { x: 100, y: 300 } });
  await expect(panel).toBeHidden();
});

test('the theme colour recolours an amis primary button at once, in its shade that white text reads on, and survives a reload', async ({
  page,
}) => {
  await signInAndWait(page, ADMIN, '/parking/parkingAdmin');
  const add = page.getByRole('button', { name: '新增停车场' });
  await expect(add).toBeVisible();
  const before = await add.evaluate((el) => getComputedStyle(el).backgroundColor);
  const panel = await openSettings(page);
  await expect(panel.getByRole('radio')).toHaveCount(8);
  await expect(panel.getByRole('radio', { name: '#409EFF' })).toHaveAttribute('aria-checked', 'true');
  await panel.getByRole('radio', { name: '#f5222d' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '主题切换中' })).toBeVisible();
  // #f5222d under white text reads at 4.08:1; the button takes the nearest shade that reaches 4.5:1 (and that
  // reads on its own palest tint, a hovered list row: theme.ts readableText)
  await expect(add).toHaveCSS('background-color', 'rgb(210, 29, 39)');
  expect(before).not.toBe('rgb(210, 29, 39)');
  await page.getByTestId('settings-mask').click({ position: { x: 100, y: 300 } });
  await page.reload();
  await expect(page.getByRole('button', { name: '新增停车场' })).toHaveCSS('background-color', 'rgb(210, 29, 39)');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--pc-brand').trim())).toBe('#f5222d');
});

test('the switches hide the tabs and the sidebar logo, and are kept after a reload', async ({ page }) => {
  await signInAndWait(page);
  await expect(page.getByRole('tablist', { name: 'tags' })).toBeVisible();
  await expect(page.getByTestId('sidebar-brand')).toBeVisible();
  const panel = await openSettings(page);
  await panel.getByRole('switch', { name: '开启 Tags-View' }).uncheck();
  await panel.getByRole('switch', { name: '侧边栏 Logo' }).uncheck();
  await expect(page.getByRole('tablist', { name: 'tags' })).toHaveCount(0);
  await expect(page.getByTestId('sidebar-brand')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('navbar-user')).not.toBeEmpty();
  await expect(page.getByRole('tablist', { name: 'tags' })).toHaveCount(0);
  await expect(page.getByTestId('sidebar-brand')).toHaveCount(0);
});

test('unique opened keeps one menu group open; turning it off lets several stay open', async ({ page }) => {
  await signInAndWait(page);
  const menu = page.getByRole('navigation', { name: 'menu' });
  await menu.getByRole('button', { name: '停车基础设施' }).click();
  await menu.getByRole('button', { name: '充电管理' }).click();
  await expect(menu.getByRole('button', { name: '停车基础设施' })).toHaveAttribute('aria-expanded', 'false');
  const panel = await openSettings(page);
  await panel.getByRole('switch', { name: '菜单只展开一个' }).uncheck();
  await page.getByTestId('settings-mask').click({ position: { x: 100, y: 300 } });
  await menu.getByRole('button', { name: '停车基础设施' }).click();
  await expect(menu.getByRole('button', { name: '充电管理' })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('button', { name: '停车基础设施' })).toHaveAttribute('aria-expanded', 'true');
});

test('the account cookie picks the brand title and logo', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'account', value: 'cloud', url: baseURL! }]);
  await signInAndWait(page);
  const brand = page.getByTestId('sidebar-brand');
  await expect(brand).toContainText('城市停车充电云平台');
  await expect(brand.locator('img')).toHaveAttribute('src', 'brands/city-parking-charging-cloud.svg');
  await expect(page).toHaveTitle(/城市停车充电云平台$/);
  await expect(page.getByTestId('app-footer')).toHaveCount(0);
});

test('without an account cookie the default brand shows and no footer', async ({ page }) => {
  await signInAndWait(page);
  await expect(page.getByTestId('sidebar-brand')).toContainText('智慧停车管理平台');
  await expect(page.getByTestId('app-footer')).toHaveCount(0);
});

test('the footer shows only for its account, with the filing number as a link', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'account', value: 'city', url: baseURL! }]);
  await signInAndWait(page);
  await expect(page.getByTestId('sidebar-brand')).toContainText('城市智慧停车');
  const footer = page.getByTestId('app-footer');
  await expect(footer).toContainText('Copyright © 城市智慧停车 版权所有');
  await expect(footer.getByRole('link', { name: '粤ICP备2021000001号-1' })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
});
