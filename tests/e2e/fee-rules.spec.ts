import type { Locator, Page } from '@playwright/test';
import { test, expect, signInAndWait, uniqueSuffix, waitForRows, clickUntil } from './fixtures';

/** amis form controls carry their field name; their labels are not linked to them. */
const field = (scope: Locator | Page, name: string) => scope.locator(`[name="${name}"]`);

test('fee rules: create a rule in the form and bind it to a lot for blue plates', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `测试计费规则${uniqueSuffix()}`;
  await signInAndWait(page);
  await page.goto('/#/fee/feeRule');
  await waitForRows(page);

  // the form starts from a day/night pair: give the day unit price and the night price per visit
  const dialog = page.getByRole('dialog');
  await clickUntil(page.getByRole('button', { name: '新增规则' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await field(dialog, 'ruleName').fill(name);
  await field(dialog, 'unitPriceCents').first().fill('2');
  await field(dialog, 'unitPriceCents').first().press('Tab');
  await field(dialog, 'visitPriceCents').first().fill('6');
  await field(dialog, 'visitPriceCents').first().press('Tab');
  await expect(field(dialog, 'unitPriceCents').first()).toHaveValue('2.00');
  await field(dialog, 'freeMinutes').fill('30');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  await page.getByPlaceholder('规则名称或备注').fill(name);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('白天 07:00–19:00 每30分钟2.00元');
  await expect(row).toContainText('未绑定');

  // bind it to 海岸城 for blue plates
  await clickUntil(row.getByRole('button', { name: '绑定车场' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await dialog.locator('.cxd-Checkbox').filter({ hasText: '海岸城购物中心停车场' }).click();
  await dialog.locator('.cxd-Checkbox').filter({ hasText: /^蓝$/ }).click();
  await dialog.getByRole('button', { name: '绑定', exact: true }).click();
  await expect(dialog).toContainText('共 1 条绑定');
  await expect(dialog.getByRole('cell', { name: '蓝色' })).toBeVisible();
});

// FIXME: the calculator's lot select does not open its options in this spec yet (the form itself and
// POST /api/fee/Calculate are covered by server/tests/fee-rules.test.ts)
test.fixme('fee calculator: a lot and plate colour price a stay and show the line items naming the rule version', async ({ page }) => {
  await signInAndWait(page);
  await page.goto('/#/fee/feeCalculator');
  const form = page.locator('.cxd-Form').filter({ hasText: '计费依据' }).last();
  const lotOption = page.getByRole('option', { name: '海岸城购物中心停车场' });
  await clickUntil(form.locator('.cxd-Select:visible').first(), () =>
    expect(page.locator('.cxd-Select-popover')).toBeVisible({ timeout: 3000 }),
  );
  await lotOption.click();
  // the date pickers take typed text
  const times = form.locator('.cxd-DatePicker input');
  await times.nth(0).fill('2024-05-06 18:50:00');
  await times.nth(0).press('Enter');
  await times.nth(1).fill('2024-05-07 07:20:00');
  await times.nth(1).press('Enter');
  await form.getByRole('button', { name: '试算' }).click();

  await expect(form).toContainText(/计费规则：.+（第\d+版）/);
  await expect(form.getByRole('row').filter({ hasText: '夜间' })).toHaveCount(1);
  await expect(form.getByRole('row').filter({ hasText: '白天' })).toHaveCount(2);
});
