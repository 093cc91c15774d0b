import type { Locator, Page } from '@playwright/test';
import { ADMIN, test, expect, signInAndWait, waitForRows, clickUntil, adminToken, uniquePlate } from './fixtures';

/**
 * 月卡 and 团体卡: a monthly card opened, paid and renewed at the console (the renewal shows the
 * period it buys before paying); a monthly-card plate's stay inside its card costs nothing and the
 * order's fee lines say which card covered it; the 2-slot group card with three plates in the lot
 * shows two holding a slot and one waiting.
 */

test.use({ timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });

const LOT = '罗湖口岸交通枢纽停车场';
const field = (scope: Locator, name: string) => scope.locator(`[name="${name}"]`);
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function pick(page: Page, dialog: Locator, label: string, option: string) {
  const select = dialog.locator('.cxd-Form-item').filter({ hasText: label }).locator('.cxd-Select').first();
  const choice = page.getByRole('option', { name: option });
  await clickUntil(select, () => expect(choice).toBeVisible({ timeout: 3000 }));
  await choice.click();
}

test('monthly card: opened, paid, renewed for the period shown before paying; a stay inside a card is free and its fee lines say why', async ({
  page,
}) => {
  const plate = uniquePlate();
  await signInAndWait(page, ADMIN, '/card/monthCard');
  await waitForRows(page);
  const dialog = page.getByRole('dialog');

  // 办理月卡: pending until paid, the phone masked
  await clickUntil(page.getByRole('button', { name: '办理月卡' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await pick(page, dialog, '停车场', LOT);
  await pick(page, dialog, '月卡产品', '标准月卡');
  const date = dialog.locator('.cxd-DatePicker input').first();
  await date.fill(chinaToday());
  await date.press('Tab');
  await field(dialog, 'plateNos').fill(plate);
  await field(dialog, 'ownerName').fill('测试车主');
  await field(dialog, 'ownerPhone').fill('13512346781');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('车牌').fill(plate);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row').filter({ hasText: plate });
  await expect(row).toContainText('待支付');
  await expect(row).toContainText('135****6781');
  await expect(row).not.toContainText('13512346781');

  await clickUntil(row.getByRole('button', { name: '支付' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  // what opening the card costs, fixed when it was opened
  await expect(dialog.locator('.cxd-Form-item').filter({ hasText: '应付金额（元）' })).toContainText('300.00');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('有效');
  const end = (await row.getByRole('cell').nth(7).innerText()).trim();

  // 续费: the new period starts the day after the old end and is shown before paying
  await clickUntil(row.getByRole('button', { name: '续费' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  const quoted = dialog.locator('.cxd-Form-item').filter({ hasText: '续费后有效期' });
  await expect(quoted).toContainText(`${nextDay(end)} ~ `);
  // the card's own period beside the quoted one (the quote's answer does not replace it)
  const start = (await row.getByRole('cell').nth(6).innerText()).trim();
  await expect(dialog.locator('.cxd-Form-item').filter({ hasText: '当前有效期' })).toContainText(`${start} ~ ${end}`);
  await expect(dialog.locator('.cxd-Form-item').filter({ hasText: '应付金额（元）' })).toContainText('300.00');
  const newEnd = (await quoted.innerText()).split('~')[1].trim();
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').nth(7)).toHaveText(newEnd);

  // a payment of the card is refunded through 退款申请: asked for here, waiting in 退款审核 under the card number
  await clickUntil(row.getByRole('button', { name: '记录' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  const cardNo = ((await dialog.first().getAttribute('aria-label')) ?? (await dialog.first().innerText())).match(/YK\d+/)![0];
  const payments = dialog.getByRole('row').filter({ hasText: '300.00' });
  await payments.first().getByRole('button', { name: '申请退款' }).click();
  const refundDialog = page.getByRole('dialog', { name: /卡费退款/ });
  await expect(refundDialog).toContainText('可退 300.00 元');
  await refundDialog.locator('input[name="refundCents"]').fill('10.00');
  await pick(page, refundDialog, '退款原因', '车主投诉');
  await refundDialog.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('退款申请已提交，待审核')).toBeVisible();
  await expect(refundDialog).toBeHidden();
  // what was asked for is held: the next request offers what is left of the payment, not the payment
  await payments.first().getByRole('button', { name: '申请退款' }).click();
  await expect(refundDialog).toContainText('可退 290.00 元');
  await expect(refundDialog.locator('input[name="refundCents"]')).toHaveValue('290.00');
  await page.keyboard.press('Escape');
  await expect(refundDialog).toBeHidden();
  await page.goto(`/#/refund/refundAudit`);
  await waitForRows(page);
  await page.getByPlaceholder('退款单号、订单号、卡号或车牌').fill(cardNo);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('row').filter({ hasText: cardNo })).toContainText('10.00');
  await page.goto('/#/card/monthCard');

  // 计费试算 applies the plate's card: a stay of today inside it is due nothing, the line names the card
  await page.goto('/#/fee/feeCalculator');
  const form = page.locator('.cxd-Panel').filter({ hasText: '计费依据' }).last();
  await pick(page, form, '停车场', LOT);
  await field(form, 'plateNo').fill(plate);
  const times = form.locator('.cxd-DatePicker input');
  await times.nth(0).fill(`${chinaToday()} 08:00:00`);
  await times.nth(0).press('Tab');
  await times.nth(1).fill(`${chinaToday()} 12:00:00`);
  await times.nth(1).press('Tab');
  await form.getByRole('button', { name: /^试 ?算$/ }).click();
  await expect(form.locator('.fee-calc-due')).toHaveText('0.00');
  await expect(form.getByRole('row').filter({ hasText: '不计费' })).toContainText('月卡');
  // the same stay without the plate is charged
  await field(form, 'plateNo').fill('');
  await form.getByRole('button', { name: /^试 ?算$/ }).click();
  await expect(form.locator('.fee-calc-due')).not.toHaveText('0.00');

  // a seeded stay of a monthly-card plate inside its card: nothing to pay, the fee lines name the card
  const headers = { Authorization: await adminToken(page.request) };
  const orders = (await (await page.request.get('/api/order/ParkingOrder?carClass=2&pageSize=200', { headers })).json()).data.list as {
    id: string;
    orderNo: string;
    receivableCents: number;
    cardCover: { reason: string }[] | null;
    entryTime: number;
    exitTime: number | null;
  }[];
  // the longest such stay: a short one is free by the rule's free minutes before any card
  const stay = (o: (typeof orders)[number]) => (o.exitTime ?? 0) - o.entryTime;
  const free = orders.filter((o) => o.exitTime && o.receivableCents === 0 && o.cardCover?.length).sort((a, b) => stay(b) - stay(a))[0];
  expect(free, 'a seeded card stay that the card covers').toBeDefined();
  await page.goto(`/#/OrderManagement/parkingRecordOrderInfo/${free!.id}`);
  await expect(page.getByText(`订单 ${free!.orderNo}`)).toBeVisible();
  await expect(page.locator('.cxd-Property').filter({ hasText: '应收（元）' })).toContainText('0.00');
  await page.getByRole('tab', { name: '计费明细', exact: true }).click();
  const covered = page.getByRole('row').filter({ hasText: `${free!.cardCover![0].reason}，不计费` });
  await expect(covered.first()).toBeVisible();
  await expect(covered.first()).toContainText('月卡');
});

test('monthly card: a card starting in the past is refused by the server to a non-administrator, and no card is created', async ({
  page,
}) => {
  // the demo finance account keeps the cards (server/seed/demo-accounts.ts) but is no administrator
  const plate = uniquePlate();
  await signInAndWait(page, { account: 'finance', password: 'finance123' }, '/card/monthCard');
  await waitForRows(page);
  const dialog = page.getByRole('dialog');
  await clickUntil(page.getByRole('button', { name: '办理月卡' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await pick(page, dialog, '停车场', LOT);
  await pick(page, dialog, '月卡产品', '标准月卡');
  const date = dialog.locator('.cxd-DatePicker input').first();
  await date.fill('2020-01-01');
  await date.press('Tab');
  // a past start asks why (only an administrator may record one, with a reason)
  await field(dialog, 'backdateReason').fill('纸质月卡补录');
  await field(dialog, 'plateNos').fill(plate);
  await field(dialog, 'ownerName').fill('补录车主');
  await field(dialog, 'ownerPhone').fill('13512346782');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('只有管理员可以补录开始日期早于今天的卡').first()).toBeVisible();
  await expect(dialog).toBeVisible();
  // nothing was created: not in the list, not behind it
  const headers = { Authorization: await adminToken(page.request) };
  const cards = (await (await page.request.get(`/api/card/MonthCard?plateNo=${encodeURIComponent(plate)}&pageSize=10`, { headers })).json())
    .data;
  expect(cards.list).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('车牌').fill(plate);
  await page.getByRole('button', { name: '查询' }).click();
  await waitForRows(page).catch(() => undefined);
  await expect(page.getByRole('row').filter({ hasText: plate })).toHaveCount(0);
});

test('group card: two slots and three plates in the lot, one waits as temporary', async ({ page }) => {
  await signInAndWait(page, ADMIN, '/card/groupCard');
  await waitForRows(page);
  const row = page.getByRole('row').filter({ hasText: '深圳南山科技园创新有限公司' });
  await expect(row).toBeVisible();
  const dialog = page.getByRole('dialog');
  await clickUntil(row.getByRole('button', { name: '车位' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(dialog).toContainText('车位 2 个，已占用 2 个，空闲 0 个');
  const tables = dialog.locator('.cxd-Table');
  // 占用车位, 排队, 车位历史
  await expect(tables.nth(0).locator('tbody tr')).toHaveCount(2);
  await expect(tables.nth(1).locator('tbody tr')).toHaveCount(1);
  await expect(tables.nth(1).locator('tbody tr')).toContainText('排队（临时计费）');
  await expect(tables.nth(2).locator('tbody tr')).toHaveCount(3);
});
