import type { Page } from '@playwright/test';
import { test, expect, signInAndWait, waitForRows, clickUntil, ADMIN } from './fixtures';

test('Escape closes the sign-out confirm as its cancel button does: the user stays signed in', async ({ page }) => {
  await signInAndWait(page);
  await page.getByTestId('navbar-user').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('确定注销并退出系统吗？');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByTestId('navbar-user')).not.toBeEmpty();
});

/** Opens the delete confirm of the merchant 海岸城影城 on the merchants screen; answers the dialog. */
async function openMerchantDeleteConfirm(page: Page) {
  const row = page.getByRole('row').filter({ hasText: '海岸城影城' });
  const dialog = page.getByRole('dialog');
  await clickUntil(row.getByRole('button', { name: '删除' }), () =>
    expect(dialog).toContainText('确定删除商户「海岸城影城」吗？', { timeout: 2000 }),
  );
  return dialog;
}

test('Escape closes a delete confirm and nothing is deleted', async ({ page }) => {
  await signInAndWait(page, ADMIN, '/coupon/merchant');
  await waitForRows(page);
  const dialog = await openMerchantDeleteConfirm(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: '海岸城影城' })).toBeVisible();
});

test("a delete confirm still opens after the first screen's tab is closed", async ({ page }) => {
  await signInAndWait(page, ADMIN, '/parking/parkingAdmin');
  await waitForRows(page);
  await page.evaluate(() => (window.location.hash = '/coupon/merchant'));
  await waitForRows(page);
  await page.locator('.pc-tags__item[data-path="/parking/parkingAdmin"]').locator('.pc-tags__close').click();
  await expect(page.locator('.pc-tags__item[data-path="/parking/parkingAdmin"]')).toHaveCount(0);
  const dialog = await openMerchantDeleteConfirm(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
