// THROWAWAY (dist-feerule helper): exercises the 计费规则 form's parts fee-rules.spec.ts does not. Delete after use.
import type { Locator, Page } from '@playwright/test';
import { test, expect, signInAndWait, uniqueSuffix, waitForRows, clickUntil, ADMIN } from './fixtures';

const field = (scope: Locator | Page, name: string) => scope.locator(`[name="${name}"]`);
const item = (scope: Locator, label: string) =>
  scope.locator('.cxd-Form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}`) }) }).first();

test('fee rule form by hand: non-working windows, car classes, preview, copy, new version, disable/enable', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `手测规则${uniqueSuffix()}`;
  const sent: { method: string; url: string; body: any }[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/fee/')) sent.push({ method: r.method(), url: r.url(), body: r.postDataJSON?.() ?? r.postData() });
  });
  await signInAndWait(page, ADMIN, '/fee/feeRule');
  await waitForRows(page);
  const dialog = page.getByRole('dialog').last();

  // filter 车型 (the vehicle-type definition) lists its five types
  const filterType = page.locator('.cxd-Form').first().locator('.cxd-Select').filter({ hasText: '车型' });
  await filterType.click();
  for (const t of ['小型车', '大型车', '超大型车', '中型车', '电动自行车']) await expect(page.getByRole('option', { name: t, exact: true })).toBeVisible();
  await page.locator('.cxd-PopOver-overlay').click();
  await expect(page.getByRole('option', { name: '电动自行车', exact: true })).toBeHidden();

  await clickUntil(page.getByRole('button', { name: '新增规则' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await field(dialog, 'ruleName').fill(name);
  await expect(dialog).toContainText(`${name.length}/50`); // the vocabulary's counter
  // 车型 defaults to 小型车 and offers 电动自行车
  await expect(item(dialog, '车型')).toContainText('小型车');
  await field(dialog, 'unitPriceCents').first().fill('2');
  await field(dialog, 'unitPriceCents').first().press('Tab');
  await field(dialog, 'visitPriceCents').first().fill('6');
  await field(dialog, 'visitPriceCents').first().press('Tab');
  // free car classes: the six classes as checkboxes; pick 月卡车
  const freeClasses = item(dialog, '免费车辆类别');
  for (const c of ['临时车', '月卡车', '集团车', '白名单', '访客车', '无牌车']) await expect(freeClasses).toContainText(c);
  await freeClasses.locator('.cxd-Checkbox').filter({ hasText: '月卡车' }).click();

  // non-working days: the switch shows the second window editor; one free window over the whole day
  const nonWorking = item(dialog, '非工作日时段');
  await expect(nonWorking).toBeHidden();
  await item(dialog, '非工作日另行计价').locator('.cxd-Switch').click();
  await expect(nonWorking).toBeVisible();
  await clickUntil(nonWorking.getByRole('button', { name: '添加时段' }), () => expect(nonWorking.locator('[name="name"]')).toHaveCount(1, { timeout: 2000 }));
  await nonWorking.locator('[name="name"]').fill('全天');
  const times = nonWorking.locator('.cxd-DatePicker input');
  await times.nth(0).fill('00:00');
  await times.nth(0).press('Tab');
  await times.nth(1).fill('00:00');
  await times.nth(1).press('Tab');
  await nonWorking.locator('.cxd-Select').filter({ hasText: '按时长' }).click();
  await page.getByRole('option', { name: '免费', exact: true }).click();
  await expect(nonWorking.locator('[name="unitPriceCents"]')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/feerule/form.png', fullPage: true });

  // preview
  await dialog.getByRole('button', { name: '预览规则说明' }).click();
  const feedback = page.getByRole('dialog').filter({ hasNotText: '新增计费规则' });
  await expect(feedback).toContainText('工作日：白天 07:00–19:00 每30分钟2.00元');
  await expect(feedback).toContainText('非工作日：全天 00:00–00:00 免费');
  await expect(feedback).toContainText('月卡车免费');
  await page.screenshot({ path: '/tmp/feerule/preview.png', fullPage: true });
  await feedback.getByRole('button', { name: '取消' }).click();
  await expect(feedback).toBeHidden();

  const form = page.getByRole('dialog').filter({ hasText: '新增计费规则' });
  await clickUntil(form.getByRole('button', { name: '确认' }), () => expect(form).toBeHidden({ timeout: 10_000 }));
  const create = sent.find((s) => s.method === 'POST' && s.url.endsWith('/api/fee/FeeRule'))!;
  expect(create.body.nonWorkingWindows).toEqual([expect.objectContaining({ name: '全天', start: '00:00', end: '00:00', kind: 'free' })]);
  expect(create.body.freeCarClasses).toEqual([2]);
  expect(create.body.vehicleType).toBe(1);

  await page.getByPlaceholder('规则名称或备注').fill(name);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row').filter({ hasText: name }).first();
  await expect(row).toContainText('第1版');
  await expect(row).toContainText('小型车');

  // bind (临时车 only) and unbind: the version has been bound once, so an edit writes version 2
  await clickUntil(row.getByRole('button', { name: '绑定车场' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  const bindClasses = item(dialog, '车辆类别');
  await expect(bindClasses).toContainText('不选则适用所有类别');
  await dialog.locator('.cxd-Checkbox').filter({ hasText: '海岸城购物中心停车场' }).click();
  await bindClasses.locator('.cxd-Checkbox').filter({ hasText: '临时车' }).click();
  await dialog.getByRole('button', { name: '绑定', exact: true }).click();
  await expect(dialog).toContainText('共 1 条绑定');
  await expect(dialog.getByRole('cell', { name: '临时车' })).toBeVisible();
  const bind = sent.find((s) => s.url.includes('/Bindings'))!;
  expect(bind.body.carClasses).toEqual([1]);
  await dialog.getByRole('button', { name: '解除' }).click();
  await page.getByRole('dialog').filter({ hasText: '解除「' }).getByRole('button', { name: '确认' }).click();
  await expect(dialog).toContainText('共 0 条绑定');
  await dialog.locator('.cxd-Modal-close').first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // edit: the non-working windows come back with the switch on; save → version 2
  await clickUntil(row.getByRole('button', { name: '编辑' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(item(dialog, '非工作日时段')).toBeVisible();
  await expect(item(dialog, '非工作日时段').locator('[name="name"]')).toHaveValue('全天');
  await expect(item(dialog, '免费车辆类别').locator('.cxd-Checkbox').filter({ has: page.locator('input:checked') })).toHaveText('月卡车');
  await field(dialog, 'freeMinutes').fill('20');
  await clickUntil(dialog.getByRole('button', { name: '确认' }), () => expect(dialog).toBeHidden({ timeout: 10_000 }));
  const put = sent.find((s) => s.method === 'PUT' && /\/api\/fee\/FeeRule\/[^/]+$/.test(s.url))!;
  expect(put.body.freeMinutes).toBe(20);
  expect(put.body.nonWorkingWindows).toHaveLength(1);
  await expect(row).toContainText('第2版');
  await clickUntil(row.getByRole('button', { name: '版本' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(dialog).toContainText('共 2 个版本');
  await dialog.locator('.cxd-Modal-close').first().click();

  // the switch off: nonWorkingWindows is sent as null (version 2 was never bound: saved in place)
  await clickUntil(row.getByRole('button', { name: '编辑' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(item(dialog, '非工作日时段')).toBeVisible();
  await item(dialog, '非工作日另行计价').locator('.cxd-Switch').click();
  await expect(item(dialog, '非工作日时段')).toBeHidden();
  await clickUntil(dialog.getByRole('button', { name: '确认' }), () => expect(dialog).toBeHidden({ timeout: 10_000 }));
  const put2 = sent.filter((s) => s.method === 'PUT' && /\/api\/fee\/FeeRule\/[^/]+$/.test(s.url))[1];
  expect(put2.body.nonWorkingWindows).toBeNull();
  await expect(row).not.toContainText('非工作日');

  // disable, enable
  await row.getByRole('button', { name: '停用' }).click();
  await page.getByRole('dialog').filter({ hasText: '停用后' }).getByRole('button', { name: '确认' }).click();
  await expect(row).toContainText('停用');
  await expect(row.getByRole('button', { name: '启用' })).toBeVisible();
  await row.getByRole('button', { name: '启用' }).click();
  await expect(row.getByRole('button', { name: '停用' })).toBeVisible();
  const states = sent.filter((s) => s.url.endsWith('/Actions/State')).map((s) => s.body.enabledMark);
  expect(states).toEqual([0, 1]);

  // copy: a new, disabled rule
  await row.getByRole('button', { name: '复制' }).click();
  const copied = page.waitForResponse((r) => r.url().includes('/Actions/Copy'));
  await page.screenshot({ path: '/tmp/feerule/copy-confirm.png' });
  await page.getByRole('dialog').filter({ hasText: '复制规则' }).getByRole('button', { name: '确认' }).click();
  console.log('copy answered', await (await copied).text());
  const rows = page.getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(2);
  await page.screenshot({ path: '/tmp/feerule/list.png', fullPage: true });
});
