import type { APIRequestContext } from '@playwright/test';
import md5 from 'blueimp-md5';
import { ADMIN, test, expect, signInAndWait, waitForRows, clickUntil, adminToken, uniqueSuffix, uniquePlate } from './fixtures';

/** Money that holds, as an operator meets it: a card refunded in full stays ended; a merchant holding money is kept. */

const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

async function financeToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/oauth/Login', {
    form: { account: 'finance', password: md5('finance123'), grant_type: 'password', origin: 'password', rememberMe: 'false' },
  });
  return (await res.json()).data.token as string;
}

async function ok(res: Promise<{ json(): Promise<{ code: number; msg: string; data: unknown }> }>) {
  const body = await (await res).json();
  expect(body.code, body.msg).toBe(200);
  return body.data as Record<string, unknown>;
}

test('a monthly card refunded in full is 已退卡 and offers no 解冻', async ({ page }) => {
  const request = page.request;
  const headers = { Authorization: await adminToken(request) };
  const products = (await ok(request.get('/api/card/CardProduct?pageSize=100&enabledMark=1', { headers }))).list as {
    id: string;
    parkingIds: string[];
  }[];
  const product = products.find((p) => p.parkingIds.length)!;
  const plate = uniquePlate();
  const card = await ok(
    request.post('/api/card/MonthCard', {
      headers,
      data: { productId: product.id, parkingId: product.parkingIds[0], plateNos: [plate], ownerName: '退租车主', startDate: chinaToday() },
    }),
  );
  await ok(request.post(`/api/card/MonthCard/${card.id}/Actions/Pay`, { headers, data: { channel: 3 } }));
  await ok(request.post(`/api/card/MonthCard/${card.id}/Actions/Freeze`, { headers, data: { reason: '车主退租' } }));
  const history = await ok(request.get(`/api/card/MonthCard/${card.id}/History`, { headers }));
  const payment = (history.payments as { id: string; amountCents: number }[])[0];
  const refund = await ok(
    request.post('/api/refund/CardRefunds', {
      headers,
      data: { cardPaymentId: payment.id, amountCents: payment.amountCents, reasonCode: 5, reason: '车主退租' },
    }),
  );
  await ok(
    request.post(`/api/refund/Refunds/${refund.id}/Actions/Approve`, { headers: { Authorization: await financeToken(request) }, data: {} }),
  );

  await signInAndWait(page, ADMIN, '/card/monthCard');
  await waitForRows(page);
  await page.getByPlaceholder('车牌').fill(plate);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row').filter({ hasText: plate });
  await expect(row).toContainText('已退卡');
  await expect(row.getByRole('button', { name: '解冻' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: '续费' })).toHaveCount(0);
});

test('deleting a merchant that holds a balance says why, and offers 停用 instead', async ({ page }) => {
  const request = page.request;
  const headers = { Authorization: await adminToken(request) };
  const name = `预付商户${uniqueSuffix()}`;
  const merchant = await ok(request.post('/api/coupon/Merchant', { headers, data: { merchantName: name } }));
  await ok(request.post(`/api/coupon/Merchant/${merchant.id}/Actions/TopUp`, { headers, data: { amountCents: 50000 } }));

  await signInAndWait(page, ADMIN, '/coupon/merchant');
  await waitForRows(page);
  await page.getByPlaceholder('商户名称、联系人或电话').fill(name);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('500.00');
  const confirm = page.getByRole('dialog');
  await clickUntil(row.getByRole('button', { name: '删除' }), () => expect(confirm).toBeVisible({ timeout: 2000 }));
  await confirm.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText(`商户“${name}”尚有预付余额500.00元，不能删除；不再合作请将其停用`)).toBeVisible();
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('500.00');
});
