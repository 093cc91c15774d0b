import type { Locator } from '@playwright/test';
import { test, expect, signInAndWait, uniqueSuffix, waitForRows, clickUntil, ADMIN, adminToken } from './fixtures';

/** amis form controls carry their field name; their labels are not linked to them. */
const field = (scope: Locator, name: string) => scope.locator(`[name="${name}"]`);

test('merchants: the seeded list, a new merchant topped up in yuan stored as cents, then an edit that keeps the balance', async ({
  page,
}) => {
  const name = `测试商户${uniqueSuffix()}`;
  await signInAndWait(page, ADMIN, '/coupon/merchant');
  await waitForRows(page);
  await expect(page.getByRole('row').filter({ hasText: '海岸城星巴克' })).toContainText('12800.00');

  const dialog = page.getByRole('dialog');
  await clickUntil(page.getByRole('button', { name: '新增商户' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await field(dialog, 'merchantName').fill(name);
  await field(dialog, 'contactPhone').fill('16612345678');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toContainText('请输入正确的电话号码');
  await field(dialog, 'contactPhone').fill('13912345678');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('商户名称、联系人或电话').fill(name);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('139****5678');

  // money comes in by 充值 only: added to the balance, recorded in 余额流水
  await clickUntil(row.getByRole('button', { name: '充值' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await field(dialog, 'amountCents').fill('88.5');
  await field(dialog, 'note').fill('首次预付');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('已充值88.50元，当前余额88.50元')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('88.50');
  await clickUntil(row.getByRole('button', { name: '余额流水' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(dialog.getByRole('row').filter({ hasText: '预付充值：首次预付' })).toContainText('88.50');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const stored = await page.request.get(`/api/coupon/Merchant?keyword=${encodeURIComponent(name)}`, {
    headers: { Authorization: decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'parking_token')!.value) },
  });
  expect((await stored.json()).data.list[0].balance).toBe(8850);

  await clickUntil(row.getByRole('button', { name: '编辑' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(field(dialog, 'merchantName')).toHaveValue(name);
  // the form has no balance to write back
  await expect(field(dialog, 'balance')).toHaveCount(0);
  await field(dialog, 'contactName').fill('赵六');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('赵六');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('88.50');
});

test('merchants: 余额流水 is paged like every list and says how many movements there are', async ({ page }) => {
  const headers = { Authorization: await adminToken(page.request) };
  const list = (await (await page.request.get('/api/coupon/Merchant?keyword=海岸城星巴克', { headers })).json()).data.list;
  const all = (await (await page.request.get(`/api/coupon/Merchant/${list[0].id}/Ledger?pageSize=1000`, { headers })).json()).data;
  expect(all.items.length, 'the seeded merchant has more movements than one page').toBeGreaterThan(10);
  await signInAndWait(page, ADMIN, '/coupon/merchant');
  await waitForRows(page);
  const row = page.getByRole('row').filter({ hasText: '海岸城星巴克' });
  const dialog = page.getByRole('dialog');
  await clickUntil(row.getByRole('button', { name: '余额流水' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(dialog).toContainText(`当前余额 ${(all.balance / 100).toFixed(2)} 元`);
  await expect(dialog).toContainText(`共：${all.items.length} 项`);
  // one page of 10 rows and the header
  await expect(dialog.getByRole('row')).toHaveCount(11);
});
