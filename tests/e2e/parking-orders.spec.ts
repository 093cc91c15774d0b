import type { APIRequestContext, Page } from '@playwright/test';
import md5 from 'blueimp-md5';
import { ADMIN, OPERATOR, test, expect, signInAndWait, waitForRows, clickUntil, adminToken } from './fixtures';

/**
 * 停车订单: find orders by plate and entry time, open two as two tabs, change an amount with a
 * reason and find it in the audit log; the operator (no 调整金额 button) does not see the button
 * and the server refuses the change.
 */

// the operators' clock: the date shortcuts (今天, 最近7天) count China days; a laptop's screen, where the
// list once pushed 操作 off its right edge
test.use({ timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });

interface Order {
  id: string;
  orderNo: string;
  plateNo: string;
  receivableCents: number;
}

/**
 * Two seeded orders with different plates that entered in the last 23 hours (the 最近1天 shortcut
 * finds them) and left unpaid in the last 20 (the arrears job makes a debt of an unpaid exit after
 * 24 hours, so they stay unpaid while the test runs, at any hour of the day).
 */
async function unpaidOrders(request: APIRequestContext): Promise<[Order, Order]> {
  const headers = { Authorization: await adminToken(request) };
  const now = Math.floor(Date.now() / 1000);
  const res = await request.get(
    `/api/order/ParkingOrder?state=6&pageSize=50&entryTime=${now - 23 * 3600},${now}&exitTime=${now - 20 * 3600},${now}`,
    { headers },
  );
  const list = ((await res.json()).data.list as Order[]).filter((o) => o.plateNo !== '无牌');
  const second = list.find((o) => o.plateNo !== list[0].plateNo)!;
  return [list[0], second];
}

/** An order's details tab in the tabs strip. */
const tabOf = (page: Page, o: Order) => page.locator(`.pc-tags__item[data-path="/OrderManagement/parkingRecordOrderInfo/${o.id}"]`);

/** Finds an order by plate and entry time and opens it from its 详情 button (in view) or its order number. */
async function findAndOpen(page: Page, o: Order, via: '详情' | 'orderNo') {
  await page.getByPlaceholder('车牌号（模糊）').fill(o.plateNo.slice(2));
  if (!(await page.getByPlaceholder('入场时间起').inputValue())) {
    await page.getByPlaceholder('入场时间起').click();
    // a shortcut sets the range and closes the picker
    await page.getByText('最近1天').click();
    await expect(page.getByPlaceholder('入场时间起')).not.toHaveValue('');
  }
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row').filter({ hasText: o.orderNo });
  await expect(row).toBeVisible();
  await expect(page.getByText(/订单：\d+ 笔/)).toBeVisible();
  const details = row.getByRole('button', { name: '详情' });
  await expect(details).toBeInViewport({ ratio: 1 });
  await clickUntil(via === '详情' ? details : row.getByRole('link', { name: o.orderNo }), () =>
    expect(page).toHaveURL(new RegExp(`parkingRecordOrderInfo/${o.id}`), { timeout: 3000 }),
  );
  await expect(page.getByText(`订单 ${o.orderNo}`)).toBeVisible();
}

test('orders: filter by plate and time, two orders as two tabs, an amount changed with a reason shows in the audit log', async ({
  page,
}) => {
  const [a, b] = await unpaidOrders(page.request);
  await signInAndWait(page, ADMIN, '/OrderManagement/parkingRecordOrder');
  await waitForRows(page);
  await findAndOpen(page, a, '详情');

  await page.goto('/#/OrderManagement/parkingRecordOrder');
  await waitForRows(page);
  await findAndOpen(page, b, 'orderNo');
  // named by its order number, not the id in its address, under the menu it belongs to
  await expect(tabOf(page, a)).toContainText(`停车订单详情 ${a.orderNo}`);
  await expect(tabOf(page, b)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText(`订单管理/停车订单/停车订单详情 ${b.orderNo}`);
  await expect(page).toHaveTitle(new RegExp(`^停车订单详情 ${b.orderNo} - `));
  // fee lines in China time, like every other time on the screen
  await page.locator('text=计费明细 >> visible=true').click();
  const feeLine = page.locator('.cxd-Table-table >> visible=true').filter({ hasText: '计费单元' }).getByRole('row').nth(1);
  await expect(feeLine).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(feeLine).not.toContainText(/\d{4}-\d{2}-\d{2}T/);

  // back to the first order's tab: change its amount
  await tabOf(page, a).click();
  await expect(tabOf(page, a)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(`订单 ${a.orderNo}`)).toBeVisible();
  const dialog = page.getByRole('dialog');
  await clickUntil(page.getByRole('button', { name: '调整金额' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  const newCents = a.receivableCents + 150;
  // the reference line keeps the amount before the change once the new one is typed: a 确认 without
  // the required reason is refused after the form has taken the typed amount (amis passes it on
  // 250 ms after typing, or at once on 确认)
  const before = dialog.locator('.cxd-Form-item').filter({ hasText: '当前应收（元）' });
  const amount = dialog.locator('[name="receivableCents"]');
  await expect(before).toContainText((a.receivableCents / 100).toFixed(2));
  await amount.fill('');
  await amount.pressSequentially((newCents / 100).toFixed(2));
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog.getByText(/不能为空/)).toBeVisible();
  await expect(amount).toHaveValue((newCents / 100).toFixed(2));
  await expect(before).toContainText((a.receivableCents / 100).toFixed(2));
  await dialog.locator('[name="reason"]').fill('车主出示凭证，补录计费');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  // amis tabs are not ARIA tabs; the other order's details stay in the page, hidden
  await page.locator('text=审计日志 >> visible=true').click();
  const audit = page
    .getByRole('row')
    .filter({ hasText: '车主出示凭证，补录计费' })
    .filter({ hasText: `未支付 应收${(newCents / 100).toFixed(2)}` });
  await expect(audit).toContainText('调整金额');
  await expect(audit).toContainText(`未支付 应收${(a.receivableCents / 100).toFixed(2)}`);

  // on a phone the details fit the screen, their action buttons whole and in view
  await page.setViewportSize({ width: 390, height: 844 });
  const actions = page.locator('.pc-amis-page >> visible=true').getByRole('button', { name: /^(手动结单|调整金额|免单|转欠费|申请退款)$/ });
  await expect(actions.first()).toBeVisible();
  for (const button of await actions.all()) await expect(button).toBeInViewport({ ratio: 1 });
  const widths = await page.evaluate(() => {
    const box = [...document.querySelectorAll<HTMLElement>('.pc-amis-page')].find((el) => el.offsetParent !== null)!;
    return { page: document.scrollingElement!.scrollWidth, box: box.scrollWidth, boxShown: box.clientWidth, screen: innerWidth };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  expect(widths.box).toBeLessThanOrEqual(widths.boxShown);
});

test('orders: the operator without 调整金额 does not see it, and the server refuses the change', async ({ page }) => {
  const [a] = await unpaidOrders(page.request);
  await signInAndWait(page, OPERATOR);
  await page.goto(`/#/OrderManagement/parkingRecordOrderInfo/${a.id}`);
  await expect(page.getByText(`订单 ${a.orderNo}`)).toBeVisible();
  // the order allows it (the administrator sees it), the operator lacks order:adjust
  await expect(page.getByRole('button', { name: '调整金额' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '免单' })).toHaveCount(0);

  const login = await page.request.post('/api/oauth/Login', {
    form: { account: OPERATOR.account, password: md5(OPERATOR.password), grant_type: 'password', origin: 'password', rememberMe: 'false' },
  });
  const token = (await login.json()).data.token as string;
  const res = await page.request.post(`/api/order/ParkingOrder/${a.id}/Actions/ChangeAmount`, {
    headers: { Authorization: token },
    data: { receivableCents: 1, reason: '越权调整' },
  });
  expect(res.status()).toBe(403);
});

test('orders: found by their number alone (a receipt or a complaint gives the number, not the plate)', async ({ page }) => {
  const [order] = await unpaidOrders(page.request);
  await signInAndWait(page, ADMIN, '/OrderManagement/parkingRecordOrder');
  await waitForRows(page);
  await page.getByPlaceholder('订单编号').fill(order.orderNo);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByText(/订单：1 笔/)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: order.orderNo })).toBeVisible();
});
