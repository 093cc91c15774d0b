import type { APIRequestContext, Page } from '@playwright/test';
import md5 from 'blueimp-md5';
import { test, expect, signInAndWait, adminToken, createTempUser, clickUntil, waitForRows, askRefund, OPERATOR } from './fixtures';
import { listShown } from './built-screens';

/**
 * A partial refund from the order's details: applied by admin, refused to admin at 退款审核 (the
 * applicant), approved by a second user, paid by the simulated channel (start-server.ts makes it
 * answer within a second or two), and the refunded amount shown on the order, whose 应收 stays
 * what the stay cost. The demo finance account approves what the operator asks for; the queue
 * takes no click on its rows while it reloads after an approval.
 */

/** The demo finance account (server/seed/demo-accounts.ts, README's demo accounts). */
const FINANCE = { account: 'finance', password: 'finance123' };

interface Order {
  id: string;
  orderNo: string;
  paidCents: number;
  receivableCents: number;
}

/**
 * A completed order paid by WeChat with nothing refunded or asked back, from the seeded history; at
 * random among them, so specs running beside this one (which refund seeded orders too) pick others.
 */
async function paidOrder(request: APIRequestContext): Promise<Order> {
  const headers = { Authorization: await adminToken(request) };
  const res = await request.get('/api/order/ParkingOrder?state=2&payChannel=1&pageSize=100', { headers });
  const list = (await res.json()).data.list as (Order & { refundedCents: number; discountCents: number; owedCents: number })[];
  // paid in full with no discount: what it cost (应收) is what was paid
  const candidates = list
    .filter((o) => o.paidCents >= 500 && o.refundedCents === 0 && o.discountCents === 0 && o.owedCents === 0)
    .sort(() => Math.random() - 0.5);
  for (const order of candidates) {
    const payments = (await (await request.get(`/api/refund/Orders/${order.id}/Payments`, { headers })).json()).data.payments as {
      refundableCents: number;
    }[];
    if (payments.length === 1 && payments[0].refundableCents === order.paidCents) return order;
  }
  throw new Error('no paid WeChat order in the seeded history without a refund asked for');
}

const yuan = (cents: number) => (cents / 100).toFixed(2);

async function openQueue(page: Page, orderNo: string) {
  await page.goto('/#/refund/refundAudit');
  await waitForRows(page);
  return page.getByRole('row').filter({ hasText: orderNo });
}

test('refunds: apply on a paid order, the applicant cannot approve, a second user approves, the channel pays it back', async ({
  page,
  browser,
}) => {
  const order = await paidOrder(page.request);
  const refundCents = 100;

  // admin applies from the order's details
  await signInAndWait(page, undefined, `/OrderManagement/parkingRecordOrderInfo/${order.id}`);
  await expect(page.getByText(`订单 ${order.orderNo}`)).toBeVisible();
  const dialog = page.getByRole('dialog');
  await clickUntil(page.getByRole('button', { name: '申请退款' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await dialog.locator('.cxd-Form-item').filter({ hasText: '支付记录' }).locator('.cxd-Select').click();
  await page.getByRole('option', { name: new RegExp(`^微信 .*可退${yuan(order.paidCents)}元`) }).click();
  await dialog.locator('[name="amountCents"]').fill(yuan(refundCents));
  await dialog.locator('.cxd-Form-item').filter({ hasText: '退款原因' }).locator('.cxd-Select').click();
  await page.getByRole('option', { name: '多收费用' }).click();
  await dialog.locator('[name="reason"]').fill('车主投诉多收一元');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: '退款', exact: true }).click();
  const refundRow = page.getByRole('row').filter({ hasText: '多收费用：车主投诉多收一元' });
  await expect(refundRow).toContainText('已申请');
  await expect(refundRow).toContainText(yuan(refundCents));

  // the applicant sees the request in the queue but may not approve it: the server refuses
  const mine = await openQueue(page, order.orderNo);
  await expect(mine).toContainText('系统管理员（admin）');
  await mine.getByRole('button', { name: '通过' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('申请人不能审核自己的退款申请，请由其他有审核权限的用户审核')).toBeVisible();

  // a second user with the refund buttons approves it
  const checker = await createTempUser(page.request, 'admin');
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const second = await context.newPage();
  await signInAndWait(second, checker, '/refund/refundAudit');
  await waitForRows(second);
  const row = second.getByRole('row').filter({ hasText: order.orderNo });
  await row.getByRole('button', { name: '通过' }).click();
  await second.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(second.getByText('退款申请已通过')).toBeVisible();
  await context.close();

  // the simulated channel answers: refunded, and the order's amounts follow
  await page.goto(`/#/OrderManagement/parkingRecordOrderInfo/${order.id}`);
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: '退款', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: '多收费用：车主投诉多收一元' })).toContainText('已退款', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  // 应收 is what the stay cost, untouched by the refund; 实收 is net of it; the amounts add up
  const property = (label: string) =>
    page
      .locator('.cxd-Property >> visible=true')
      .locator('th')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::td[1]');
  expect(order.receivableCents).toBe(order.paidCents);
  await expect(property('应收（元）')).toHaveText(yuan(order.paidCents));
  await expect(property('实收（元）')).toHaveText(yuan(order.paidCents - refundCents));
  await expect(property('已退款（元）')).toHaveText(yuan(refundCents));
  await expect(property('金额核对')).toHaveText(
    `应收 ${yuan(order.paidCents)} = 优惠 0.00 + 实收 ${yuan(order.paidCents - refundCents)} + 已退款 ${yuan(refundCents)} + 欠费 0.00（元）`,
  );
  await page.getByRole('tab', { name: '计费明细', exact: true }).click();
  await expect(page.getByText(/^计费合计：/)).toContainText(`（应收 ${yuan(order.paidCents)} 元）`);
  await page.getByRole('tab', { name: '审计日志' }).click();
  await expect(page.getByRole('row').filter({ hasText: '退款成功' })).toContainText('微信支付渠道');
});

test('refunds: 退款申请 finds an order by its number, offers its payments with what each can give back, and records the request', async ({
  page,
}) => {
  const headers = { Authorization: await adminToken(page.request) };
  const list = (await (await page.request.get('/api/order/ParkingOrder?state=2&payChannel=2&pageSize=20', { headers })).json()).data.list;
  const order = list.find((o: { paidCents: number; refundedCents: number }) => o.paidCents >= 300 && o.refundedCents === 0);
  expect(order, 'a paid Alipay order in the seeded history').toBeTruthy();
  await signInAndWait(page, undefined, '/refund/refundApply');
  await listShown(page);
  await page.getByRole('button', { name: '申请退款' }).click();
  const dialog = page.getByRole('dialog');
  const found = page.waitForResponse((r) => r.url().includes('/api/refund/Orders?keyword='));
  await dialog.locator('[name="keyword"]').fill(order.orderNo);
  await found;
  // a select opened while its options were on their way is opened again, as a user would
  const orderOption = page.getByRole('option', { name: new RegExp(order.orderNo) });
  await clickUntil(
    dialog.locator('.cxd-Form-item').filter({ hasText: /^订单/ }).filter({ hasNotText: '订单号' }).locator('.cxd-Select'),
    () => expect(orderOption).toBeVisible({ timeout: 2000 }),
  );
  await orderOption.click();
  await dialog.locator('.cxd-Form-item').filter({ hasText: '支付记录' }).locator('.cxd-Select').click();
  await page.getByRole('option', { name: /^支付宝/ }).click();
  await dialog.locator('[name="amountCents"]').fill('1.00');
  await dialog.locator('.cxd-Form-item').filter({ hasText: '退款原因' }).locator('.cxd-Select').click();
  await page.getByRole('option', { name: '重复支付' }).click();
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: order.orderNo })).toContainText('已申请');
});

/** A refund request made through the API on a paid order of the seeded history, answered with its row. */
async function pendingRefund(request: APIRequestContext, words: string, payChannel = 1) {
  const { orderNo, headers } = await askRefund(request, { words, reasonCode: 9, payChannel });
  const rows = (await (await request.get(`/api/refund/Refunds?keyword=${orderNo}&status=0`, { headers })).json()).data.list;
  return { ...rows[0], headers } as {
    id: string;
    refundNo: string;
    plateNo: string;
    amountCents: number;
    headers: { Authorization: string };
  };
}

test('refunds: 驳回 opens empty, names the request, and records the reviewer’s reason, not the applicant’s', async ({ page }) => {
  const refund = await pendingRefund(page.request, '申请人写的退款说明');
  await signInAndWait(page, undefined, '/refund/refundAudit');
  await waitForRows(page);
  const row = page.getByRole('row').filter({ hasText: refund.refundNo });
  const dialog = page.getByRole('dialog');
  await clickUntil(row.getByRole('button', { name: '驳回' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(dialog.locator('[name="reason"]')).toHaveValue('');
  // the record it acts on, at the top of the dialog
  await expect(dialog.locator('.pc-record-name')).toHaveText(
    `退款单号 ${refund.refundNo} · ${refund.plateNo} · ${yuan(refund.amountCents)}元`,
  );
  await dialog.locator('[name="reason"]').fill('审核人：金额与小票不符');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  const after = (await (await page.request.get(`/api/refund/Refunds/${refund.id}`, { headers: refund.headers })).json()).data;
  expect(after.statusLabel).toBe('已驳回');
  expect(after.auditComment).toBe('审核人：金额与小票不符');
  expect(after.reason).toBe('申请人写的退款说明');
  // the applicant reads why at 退款申请
  await page.goto('/#/refund/refundApply');
  await listShown(page);
  await expect(page.getByRole('row').filter({ hasText: refund.refundNo })).toContainText('审核人：金额与小票不符');
});

/** A token of `who`, signed in through the API as the sign-in page does. */
async function tokenOf(request: APIRequestContext, who: { account: string; password: string }): Promise<string> {
  const res = await request.post('/api/oauth/Login', {
    form: { account: who.account, password: md5(who.password), grant_type: 'password', origin: 'password', rememberMe: 'false' },
  });
  const body = await res.json();
  expect(body.code, body.msg).toBe(200);
  return body.data.token as string;
}

test('refunds: the demo finance account approves what the operator applied for', async ({ page }) => {
  // the operator applies (through the API) for 1.00 back on a paid order
  const order = await paidOrder(page.request);
  const admin = { Authorization: await adminToken(page.request) };
  const payments = (await (await page.request.get(`/api/refund/Orders/${order.id}/Payments`, { headers: admin })).json()).data.options as {
    value: string;
    disabled: boolean;
  }[];
  const res = await page.request.post('/api/refund/Refunds', {
    headers: { Authorization: await tokenOf(page.request, OPERATOR) },
    data: {
      orderId: order.id,
      paymentId: payments.find((p) => !p.disabled)!.value,
      amountCents: 100,
      reasonCode: 2,
      reason: '操作员代车主申请',
    },
  });
  const applied = await res.json();
  expect(applied.code, applied.msg).toBe(200);
  const refundNo = applied.data.refundNo as string;

  // finance signs in, finds it in 退款审核 under the operator's name and approves it
  await signInAndWait(page, FINANCE, '/refund/refundAudit');
  await waitForRows(page);
  const row = page.getByRole('row').filter({ hasText: refundNo });
  await expect(row).toContainText('（operator）');
  await expect(row).toContainText('已申请');
  const confirm = page.getByRole('dialog');
  await clickUntil(row.getByRole('button', { name: '通过' }), () => expect(confirm).toBeVisible({ timeout: 2000 }));
  await expect(confirm).toContainText(refundNo);
  await confirm.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('退款申请已通过')).toBeVisible();
  // approved: it leaves the queue of requests waiting
  await expect(row).toHaveCount(0);
  const after = (await (await page.request.get(`/api/refund/Refunds?keyword=${refundNo}`, { headers: admin })).json()).data.list[0];
  expect(after.statusLabel).not.toBe('已申请');
});

test('refunds: while the queue reloads after 通过 its rows take no click; once reloaded, 驳回 opens for the row clicked', async ({
  page,
}) => {
  const first = await pendingRefund(page.request, '先审核的申请');
  const second = await pendingRefund(page.request, '后审核的申请');
  await signInAndWait(page, FINANCE, '/refund/refundAudit');
  await waitForRows(page);
  const list = page.locator('.cxd-Crud').first();
  const firstRow = page.getByRole('row').filter({ hasText: first.refundNo });
  const secondRow = page.getByRole('row').filter({ hasText: second.refundNo });
  await expect(secondRow).toBeVisible();

  // from now on the list's answer comes 3 s late, as on a slow line
  const listRead = /\/api\/refund\/Refunds\?/;
  await page.route(listRead, async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.fallback();
  });
  const dialog = page.getByRole('dialog');
  await clickUntil(firstRow.getByRole('button', { name: '通过' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('退款申请已通过')).toBeVisible();

  // while it reloads the rows stay where they were, their buttons dimmed and taking no click
  await expect(list).toHaveClass(/is-loading/);
  const reject = secondRow.getByRole('button', { name: '驳回' });
  await expect(reject).toHaveCSS('pointer-events', 'none');
  expect(Number(await reject.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
  await reject.click({ force: true });
  await page.waitForTimeout(500);
  await expect(dialog).toBeHidden();

  // reloaded: the approved request has left the queue, and 驳回 opens for the request clicked
  await expect(list).not.toHaveClass(/is-loading/, { timeout: 20_000 });
  await page.unroute(listRead);
  await expect(firstRow).toHaveCount(0);
  await expect(reject).toHaveCSS('pointer-events', 'auto');
  await clickUntil(reject, () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(dialog.locator('.pc-record-name')).toHaveText(
    `退款单号 ${second.refundNo} · ${second.plateNo} · ${yuan(second.amountCents)}元`,
  );
});
