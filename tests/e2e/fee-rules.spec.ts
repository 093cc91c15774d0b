import type { Locator, Page, Request } from '@playwright/test';
import { test, expect, signInAndWait, uniqueSuffix, waitForRows, clickUntil, ADMIN } from './fixtures';

/** amis form controls carry their field name; their labels are not linked to them. */
const field = (scope: Locator | Page, name: string) => scope.locator(`[name="${name}"]`);

// one retry, reported as flaky, while the dialog that stays open (below) is an open defect
test.describe.configure({ retries: 1 });

test('fee rules: create a rule in the form, bind it to a lot for blue plates, and copy it under a new name', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `测试计费规则${uniqueSuffix()}`;
  await signInAndWait(page, ADMIN, '/fee/feeRule');
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
  // a click that lands while amis is still taking the last field's change does nothing: click again.
  // Open defect, last seen before amis's toasts and alerts got a root of their own (a794ed9): the
  // save was sent, once seen answered 200, and yet the dialog stayed open without a message. Not
  // seen in 85 runs since (2 to 4 workers, with and without a loaded CPU). The failure names the
  // saves sent and their answers.
  const saves: string[] = [];
  const isSave = (r: Request) => r.method() === 'POST' && r.url().endsWith('/api/fee/FeeRule');
  page.on('request', (r) => isSave(r) && saves.push(`sent ${r.postData()?.slice(0, 80)}`));
  page.on('requestfailed', (r) => isSave(r) && saves.push(`failed: ${r.failure()?.errorText}`));
  page.on('response', async (r) => {
    if (isSave(r.request())) saves.push(`answered ${r.status()} ${(await r.text()).slice(0, 200)}`);
  });
  await clickUntil(dialog.getByRole('button', { name: '确认' }), () =>
    expect(dialog, saves.join('\n') || 'no save was sent').toBeHidden({ timeout: 10_000 }),
  );

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
  await dialog.locator('.cxd-Modal-close').click();
  await expect(dialog).toBeHidden();

  // copy it: the new name is offered and can be changed; the copy starts disabled
  await clickUntil(row.getByRole('button', { name: '复制' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(field(dialog, 'newName')).toHaveValue(`${name}（复制）`);
  await field(dialog, 'newName').fill(`${name}夜间版`);
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  const copy = page.getByRole('row').filter({ hasText: `${name}夜间版` });
  await expect(copy.getByRole('button', { name: '启用' })).toBeVisible();
  await expect(copy).toContainText('白天 07:00–19:00 每30分钟2.00元');
});

test('fee calculator: a lot and plate colour price a stay and show the line items naming the rule version', async ({ page }) => {
  await signInAndWait(page, ADMIN, '/fee/feeCalculator');
  // the panel holds the form's fields, its 试算 button (in the footer) and the result
  const form = page.locator('.cxd-Panel').filter({ hasText: '计费依据' }).last();
  const lotOption = page.getByRole('option', { name: '罗湖口岸交通枢纽停车场' });
  const lotItem = form.locator('.cxd-Form-item').filter({ has: page.locator('label', { hasText: /^停车场/ }) });
  await clickUntil(lotItem.getByRole('combobox'), () => expect(lotOption).toBeVisible({ timeout: 3000 }));
  await lotOption.click();
  // the seed binds 罗湖口岸 (a gate lot priced per time) to the day/night rule for every plate; blue is the default
  await expect(form.locator('.cxd-Form-item').filter({ has: page.locator('label', { hasText: /^车牌颜色/ }) })).toContainText('蓝');
  // the date pickers take typed text (Tab, not Enter: Enter submits the form)
  const times = form.locator('.cxd-DatePicker input');
  await times.nth(0).fill('2024-05-06 18:50:00');
  await times.nth(0).press('Tab');
  await times.nth(1).fill('2024-05-07 07:20:00');
  await times.nth(1).press('Tab');
  await form.getByRole('button', { name: '试算' }).click();
  await expect(page.getByText('有字段填写不正确')).toHaveCount(0);

  await expect(form).toContainText('计费规则：道闸车场白天夜间（小型车）（第1版）');
  await expect(form.getByRole('row').filter({ hasText: '夜间' })).toHaveCount(1);
  await expect(form.getByRole('row').filter({ hasText: '白天' })).toHaveCount(2);
});
