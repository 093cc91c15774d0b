import type { Locator, Page } from '@playwright/test';
import { test, expect, signInAndWait, uniqueSuffix, uniquePlate, waitForRows, clickUntil, ADMIN } from './fixtures';

/**
 * Coupons end to end: a template made for a merchant at 优惠券模板, a coupon of it issued to a plate
 * at 发券记录 (the result names its number), and that plate's stay priced at 计费试算 with the number:
 * the coupon's 5.00 comes off and the discount line names the coupon.
 */

const LOT = '海岸城购物中心停车场';
const field = (scope: Locator, name: string) => scope.locator(`[name="${name}"]`);
const item = (scope: Locator, label: string) =>
  scope.locator('.cxd-Form-item').filter({ has: scope.page().locator('label', { hasText: label }) });

async function pick(page: Page, select: Locator, option: string | RegExp) {
  const choice = page.getByRole('option', { name: option });
  await clickUntil(select, () => expect(choice.first()).toBeVisible({ timeout: 3000 }));
  await choice.first().click();
}

/** 'YYYY-MM-DD HH:mm:ss' in China time, `ms` ago. */
const chinaAgo = (ms: number) => new Date(Date.now() - ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

test('coupons: a template for a merchant, a coupon issued to a plate, the stay priced with its number', async ({ page }) => {
  const name = `E2E停车券${uniqueSuffix()}`;
  const plate = uniquePlate();
  const dialog = page.getByRole('dialog');

  // 优惠券模板: a 5-yuan coupon of 海岸城星巴克, 10 in stock
  await signInAndWait(page, ADMIN, '/coupon/couponTemplate');
  await waitForRows(page);
  await clickUntil(page.getByRole('button', { name: '新增模板' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await field(dialog, 'templateName').fill(name);
  await pick(page, item(dialog, '商户').locator('.cxd-Select'), '海岸城星巴克');
  // no lot chosen: the merchant's lot
  await field(dialog, 'faceValue').fill('5');
  await field(dialog, 'stock').fill('10');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('5.00 元');
  await expect(row).toContainText('领取后7天');

  // 发券记录: issue one to the plate; the result shows its number
  await page.goto('/#/coupon/couponRecord');
  await waitForRows(page);
  await clickUntil(page.getByRole('button', { name: '发券', exact: true }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await pick(page, item(dialog, '优惠券模板').locator('.cxd-Select'), new RegExp(name));
  await field(dialog, 'plates').fill(plate);
  await dialog.getByRole('button', { name: '确认' }).click();
  const result = page.getByRole('dialog').filter({ hasText: '发券结果' });
  await expect(result).toContainText('成功 1 张，失败 0 张');
  const couponNo = (await result
    .getByRole('cell')
    .filter({ hasText: /^CP\d{8}/ })
    .textContent())!.trim();
  await result
    .getByRole('button', { name: /确认|关闭/ })
    .first()
    .click();
  await page.getByPlaceholder('券号、车牌或订单号').fill(couponNo);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('row').filter({ hasText: couponNo })).toContainText('已发放');

  // 计费试算: the plate's three hours at the lot, with and then without the coupon
  await page.goto('/#/fee/feeCalculator');
  const form = page.locator('.cxd-Panel').filter({ hasText: '计费依据' }).last();
  await pick(page, item(form, '停车场').getByRole('combobox'), LOT);
  const times = form.locator('.cxd-DatePicker input');
  await times.nth(0).fill(chinaAgo(3 * 3600_000));
  await times.nth(0).press('Tab');
  await times.nth(1).fill(chinaAgo(0));
  await times.nth(1).press('Tab');
  await field(form, 'couponNo').fill(couponNo);
  await form.getByRole('button', { name: /^试 ?算$/ }).click();
  const discount = form.getByRole('row').filter({ hasText: couponNo });
  await expect(discount).toContainText(name);
  await expect(discount).toContainText('5.00');
  await expect(form.getByText(/优惠 5\.00 元/)).toBeVisible();
});
