import { test, expect, signInAndWait, waitForRows } from './fixtures';
import type { Page } from '@playwright/test';

const tabs = (page: Page) => page.getByRole('tablist', { name: 'tags' }).getByRole('tab');
const tabTitles = (page: Page) => page.getByRole('tablist', { name: 'tags' }).locator('.pc-tags__title');
const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'tags' }).getByRole('tab', { name });

async function openLots(page: Page) {
  await page.goto('/#/parking/parkingAdmin');
  await expect(page.getByRole('columnheader', { name: '名称' })).toBeVisible();
  // typing starts on a settled list, as in the other list tests: CI once found the typed filter empty
  // after switching back; not reproduced since with the CPU slowed 6× or the list's answer held back
  await waitForRows(page);
}

/** Waits for each tab: a hash change is handled after goto() returns. */
async function visit(page: Page, path: string) {
  await page.goto(`/#${path}`);
  await expect(page.locator(`.pc-tags__item[data-path="${path}"]`)).toHaveAttribute('aria-selected', 'true');
}

async function contextAction(page: Page, tabName: string, action: string) {
  await tab(page, tabName).click({ button: 'right' });
  const menu = page.getByRole('menu');
  await expect(menu).toHaveCSS('width', '105px');
  await menu.getByRole('menuitem', { name: action, exact: true }).click();
}

test('visiting pages opens one tab each; the dashboard is pinned without a close button', async ({ page }) => {
  await signInAndWait(page);
  await openLots(page);
  await visit(page, '/OrderManagement/parkingRecordOrderInfo/7');
  await visit(page, '/OrderManagement/parkingRecordOrderInfo/9');
  await expect(tabs(page)).toHaveCount(4);
  await expect(tabTitles(page).first()).toHaveText('首页');
  await expect(tab(page, '首页').locator('.pc-tags__close')).toHaveCount(0);
  await expect(page.locator('.pc-tags__item[data-path="/OrderManagement/parkingRecordOrderInfo/7"]')).toBeVisible();
  await expect(page.locator('.pc-tags__item[data-path="/OrderManagement/parkingRecordOrderInfo/9"]')).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('closing the active tab goes to the last remaining tab', async ({ page }) => {
  await signInAndWait(page);
  await openLots(page);
  await visit(page, '/user/center');
  await tab(page, '个人中心').locator('.pc-tags__close').click();
  await expect(page).toHaveURL(/#\/parking\/parkingAdmin$/);
  await tab(page, '停车场管理').locator('.pc-tags__close').click();
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('context menu: close, close others and close all keep the pinned dashboard', async ({ page }) => {
  await signInAndWait(page);
  await openLots(page);
  await visit(page, '/user/center');
  await visit(page, '/OrderManagement/parkingRecordOrderInfo/7');
  await expect(tabs(page)).toHaveCount(4);

  await contextAction(page, '个人中心', '关闭');
  await expect(tabs(page)).toHaveCount(3);
  await expect(page).toHaveURL(/parkingRecordOrderInfo\/7$/);

  await contextAction(page, '停车场管理', '关闭其他');
  await expect(tabTitles(page)).toHaveText(['首页', '停车场管理']);
  await expect(page).toHaveURL(/#\/parking\/parkingAdmin$/);

  await contextAction(page, '停车场管理', '关闭所有');
  await expect(tabTitles(page)).toHaveText(['首页']);
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('switching back to a tab keeps the amis filter as it was typed', async ({ page }) => {
  await signInAndWait(page);
  await openLots(page);
  await page.locator('[name="keyword"]').fill('福田');
  await tab(page, '首页').click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await tab(page, '停车场管理').click();
  await expect(page.locator('[name="keyword"]')).toHaveValue('福田');
  // reached through the menu it is the same cached page
  await visit(page, '/user/center');
  const menu = page.getByRole('navigation', { name: 'menu' });
  await menu.getByRole('button', { name: '停车基础设施' }).click();
  await menu.getByRole('link', { name: '停车场管理' }).click();
  await expect(page.locator('[name="keyword"]')).toHaveValue('福田');
});

test('refresh from the context menu re-creates the page, clearing its filter', async ({ page }) => {
  await signInAndWait(page);
  await openLots(page);
  await page.locator('[name="keyword"]').fill('福田');
  await contextAction(page, '停车场管理', '刷新');
  await expect(page).toHaveURL(/#\/parking\/parkingAdmin$/);
  await expect(page.getByRole('columnheader', { name: '名称' })).toBeVisible();
  await expect(page.locator('[name="keyword"]')).toHaveValue('');
});

test('open tabs are restored after a reload', async ({ page }) => {
  await signInAndWait(page);
  await openLots(page);
  await visit(page, '/OrderManagement/parkingRecordOrderInfo/7');
  await visit(page, '/user/center');
  await page.reload();
  await expect(tabTitles(page)).toHaveText(['首页', '停车场管理', '停车订单详情 7', '个人中心']);
  await tab(page, '停车场管理').click();
  await expect(page.getByRole('columnheader', { name: '名称' })).toBeVisible();
});
