import type { Locator, Page } from '@playwright/test';
import { test, expect, signInAndWait, uniqueSuffix, waitForRows, clickUntil, ADMIN } from './fixtures';

/** amis form controls carry their field name; their labels are not linked to them. */
const field = (scope: Locator | Page, name: string) => scope.locator(`[name="${name}"]`);

test('fee rules: create a rule in the form, bind it to a lot for blue plates, and copy it under a new name', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const name = `测试计费规则${suffix}`;
  await signInAndWait(page, ADMIN, '/fee/feeRule');
  await waitForRows(page);
  const saves: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/fee/FeeRule') && saves.push(r.postData() ?? ''));

  // the form starts from a day/night pair whose prices are empty: 确认 marks both price fields and sends nothing
  const dialog = page.getByRole('dialog');
  await clickUntil(page.getByRole('button', { name: '新增规则' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await field(dialog, 'ruleName').fill(name);
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog.getByText('单位价格（元）不能为空')).toBeVisible();
  await expect(dialog.getByText('每次价格（元）不能为空')).toBeVisible();
  expect(saves).toHaveLength(0);

  // 确认 right after the last price is typed sends that price: amis held a combo row's change for
  // 250 ms and the form's flush did not wait for it, so about one quick 确认 in seven sent the form
  // without it and the server refused it ("须填写单位价格"). Three rules in a row, one click each.
  for (const [i, ruleName] of [name, `测试计费规则乙${suffix}`, `测试计费规则丙${suffix}`].entries()) {
    if (i > 0) {
      await clickUntil(page.getByRole('button', { name: '新增规则' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
      await field(dialog, 'ruleName').fill(ruleName);
    }
    await field(dialog, 'freeMinutes').fill('30');
    await field(dialog, 'unitPriceCents').first().fill('2');
    await field(dialog, 'visitPriceCents').first().fill('6');
    await dialog.getByRole('button', { name: '确认' }).click();
    await expect(dialog).toBeHidden();
  }
  expect(
    saves.map((body) =>
      JSON.parse(body).windows.map((w: { unitPriceCents?: number; visitPriceCents?: number }) => w.unitPriceCents ?? w.visitPriceCents),
    ),
  ).toEqual([
    [200, 600],
    [200, 600],
    [200, 600],
  ]);

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
  // both selects' dictionaries are in (the car class is one since the page stopped typing its list): the form has settled
  await expect(form.locator('.cxd-Form-item').filter({ has: page.locator('label', { hasText: /^车辆类别/ }) })).toContainText('临时车');
  // the date pickers take text typed key by key (a space once toggled the picker and was lost:
  // "2024-05-0618:50:00"); Tab, not Enter: Enter submits the form
  const times = form.locator('.cxd-DatePicker input');
  for (const [i, text] of ['2024-05-06 18:50:00', '2024-05-07 07:20:00'].entries()) {
    // typed again if the box was emptied meanwhile: on CI's loaded machine the form once re-rendered
    // while the first keys went in (not reproduced here; a swallowed space still fails every try)
    await expect(async () => {
      await times.nth(i).fill('');
      await times.nth(i).pressSequentially(text);
      await expect(times.nth(i)).toHaveValue(text, { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await times.nth(i).press('Tab');
    await expect(times.nth(i)).toHaveValue(text);
  }
  await form.getByRole('button', { name: '试算' }).click();
  await expect(page.getByText('有字段填写不正确')).toHaveCount(0);

  await expect(form).toContainText('计费规则：道闸车场白天夜间（小型车）（第1版）');
  await expect(form.getByRole('row').filter({ hasText: '夜间' })).toHaveCount(1);
  await expect(form.getByRole('row').filter({ hasText: '白天' })).toHaveCount(2);
  await expect(form.locator('.fee-calc-due')).toBeVisible();

  // a calculation the server refuses (an exit before the entry) leaves no earlier 应付 on screen
  await times.nth(1).fill('2024-05-06 08:00:00');
  await times.nth(1).press('Tab');
  await form.getByRole('button', { name: '试算' }).click();
  await expect(page.locator('.cxd-Toast').filter({ hasText: /出场时间|入场时间/ })).toBeVisible();
  await expect(form.locator('.fee-calc-due')).toHaveCount(0);
  await expect(form.getByRole('row').filter({ hasText: '夜间' })).toHaveCount(0);
});
