import { test, expect, signInAndWait, waitForRows, OPERATOR } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * A signed-in start on a menu screen draws the screen before the shell (src/layout/first-screen.tsx);
 * the shell then takes it as it is. The shell's chunk is held back here, as a slow network would.
 */
async function holdShell(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/static\/js\/async\/console\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A fresh load of the address (not a hash change in the open console). */
async function startAt(page: Page, path: string) {
  await page.goto('about:blank');
  await page.goto(`/#${path}`);
}

const listCalls = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/system\/Parking\?/.test(request.url())) calls.push(request.url());
  });
  return calls;
};

/**
 * A signed-in start on 停车场管理 with the shell held back: the screen drawn first, 福田 typed in
 * its filter. Answers the list calls made from the start and what lets the shell come.
 */
async function startTypingBeforeShell(page: Page) {
  await signInAndWait(page);
  const release = await holdShell(page);
  const calls = listCalls(page);
  await startAt(page, '/parking/parkingAdmin');
  await waitForRows(page);
  await expect(page.getByTestId('layout')).toHaveCount(0);
  await page.locator('[name="keyword"]').fill('福田');
  return { calls, release };
}

/** 停车场管理 opened from the menu: a new screen has an empty filter. */
async function openLotsFromMenu(page: Page) {
  const menu = page.getByRole('navigation', { name: 'menu' });
  await menu.getByRole('button', { name: '停车基础设施' }).click();
  await menu.getByRole('link', { name: '停车场管理' }).click();
  await waitForRows(page);
}

test('a signed-in start shows its list before the shell, and the shell takes it as it is: one list call, the typed filter and its focus kept', async ({
  page,
}) => {
  const { calls, release } = await startTypingBeforeShell(page);
  release();
  const layout = page.getByTestId('layout');
  await expect(layout.getByTestId('navbar-user')).not.toBeEmpty();
  await expect(layout.getByRole('columnheader', { name: '名称' })).toBeVisible();
  await expect(layout.locator('[name="keyword"]')).toHaveValue('福田');
  // still typing where they were
  await expect(layout.locator('[name="keyword"]')).toBeFocused();
  await expect(page.locator('.pc-tags__item[data-path="/parking/parkingAdmin"]')).toHaveAttribute('aria-selected', 'true');
  expect(calls).toHaveLength(1);
});

test('the screen drawn first lives on as a tab: hidden on another tab, back as left, gone when closed', async ({ page }) => {
  await signInAndWait(page, undefined, '/parking/parkingAdmin');
  await waitForRows(page);
  const calls = listCalls(page);
  await page.locator('[name="keyword"]').fill('福田');
  await page.getByRole('tablist', { name: 'tags' }).getByRole('tab', { name: '首页' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.locator('[name="keyword"]')).toBeHidden();
  const lots = page.getByRole('tablist', { name: 'tags' }).getByRole('tab', { name: '停车场管理' });
  await lots.click();
  await expect(page.locator('[name="keyword"]')).toHaveValue('福田');
  expect(calls).toHaveLength(0);

  await lots.locator('.pc-tags__close').click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.locator('[name="keyword"]')).toHaveCount(0);
  // opened again from the menu, it is a new screen
  await openLotsFromMenu(page);
  await expect(page.locator('[name="keyword"]')).toHaveValue('');
  expect(calls).toHaveLength(1);
});

test('a link followed before the shell came opens its target, and the screen drawn first waits as a tab, as it was left', async ({
  page,
}) => {
  const { calls, release } = await startTypingBeforeShell(page);
  await page.evaluate(() => (window.location.hash = '#/dashboard'));

  release();
  await expect(page.getByTestId('layout').getByTestId('navbar-user')).not.toBeEmpty();
  await expect(page).toHaveURL(/#\/dashboard$/);
  const tabs = page.getByRole('tablist', { name: 'tags' });
  await expect(tabs.getByRole('tab', { name: '首页' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: '停车场管理' }).click();
  await expect(page.getByTestId('layout').locator('[name="keyword"]')).toHaveValue('福田');
  expect(calls).toHaveLength(1);

  // closed, it goes: opened again from the menu, it is a new screen
  await tabs.getByRole('tab', { name: '停车场管理' }).locator('.pc-tags__close').click();
  await expect(page.locator('[name="keyword"]')).toHaveCount(0);
  await openLotsFromMenu(page);
  await expect(page.locator('[name="keyword"]')).toHaveValue('');
  expect(calls).toHaveLength(2);
});

test('the screen set aside by an early link goes when its tab is closed unopened', async ({ page }) => {
  const { release } = await startTypingBeforeShell(page);
  await page.evaluate(() => (window.location.hash = '#/dashboard'));
  release();
  const tabs = page.getByRole('tablist', { name: 'tags' });
  await tabs.getByRole('tab', { name: '停车场管理' }).locator('.pc-tags__close').click();
  await expect(tabs.getByRole('tab', { name: '停车场管理' })).toHaveCount(0);
  await openLotsFromMenu(page);
  await expect(page.locator('[name="keyword"]')).toHaveValue('');
});

test("a start on a screen outside the user's menu draws nothing of it and goes to /404", async ({ page }) => {
  await signInAndWait(page, OPERATOR);
  const release = await holdShell(page);
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/system\/menu/i.test(new URL(request.url()).pathname)) calls.push(request.url());
  });
  await startAt(page, '/system/menu');
  // the shell decides, as without a first screen
  await page.waitForTimeout(500);
  await expect(page.locator('.cxd-Table-table')).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/#\/404$/);
  expect(calls).toHaveLength(0);
});
