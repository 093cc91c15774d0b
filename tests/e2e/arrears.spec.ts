import type { APIRequestContext, Locator } from '@playwright/test';
import { ADMIN, test, expect, signInAndWait, waitForRows, clickUntil, adminToken } from './fixtures';

/**
 * 欠费记录: a seeded debt is paid in part at the console, then written off (refused without a
 * reason), after which nothing of it is owed on its row or in the list's totals; another is found by its plate, sent an SMS reminder, and the reminder's delivery shows
 * in that debt's history.
 */

test.use({ timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });

interface Debt {
  id: string;
  orderNo: string;
  plateNo: string;
  owedCents: number;
}

/** Two open debts of two plates that had no reminder today (the seed sends some), each owing at least 2 yuan. */
async function openDebts(request: APIRequestContext): Promise<[Debt, Debt]> {
  const headers = { Authorization: await adminToken(request) };
  const notices = (await (await request.get('/api/arrears/ArrearsNotice?pageSize=200', { headers })).json()).data.list as {
    plateNo: string;
  }[];
  const reminded = new Set(notices.map((n) => n.plateNo));
  const res = await request.get('/api/arrears/ArrearsRecord?status=0&owedMin=200&pageSize=200', { headers });
  const list = ((await res.json()).data.list as Debt[]).filter((d) => d.plateNo !== '无牌' && !reminded.has(d.plateNo));
  const second = list.find((d) => d.plateNo !== list[0].plateNo)!;
  expect(second, 'two open debts of two plates in the seed').toBeDefined();
  return [list[0], second];
}

const field = (scope: Locator, name: string) => scope.locator(`[name="${name}"]`);
const yuan = (cents: number) => (cents / 100).toFixed(2);

test('arrears: paid in part, then written off with a reason; a reminder to a filtered debt shows its delivery in the history', async ({
  page,
}) => {
  const [a, b] = await openDebts(page.request);
  await signInAndWait(page, ADMIN, '/arrears/arrearsRecord');
  await waitForRows(page);
  const dialog = page.getByRole('dialog');

  const find = async (d: Debt) => {
    await page.getByPlaceholder('车牌号（模糊）').fill(d.plateNo);
    await page.getByRole('button', { name: '查询' }).click();
    const row = page.getByRole('row').filter({ hasText: d.orderNo });
    await expect(row).toBeVisible();
    return row;
  };

  // a payment of part of the debt: 部分追缴, what is left still owed
  let row = await find(a);
  const part = Math.floor(a.owedCents / 2);
  await clickUntil(row.getByRole('button', { name: '收款' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await field(dialog, 'amountCents').fill(yuan(part));
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  row = page.getByRole('row').filter({ hasText: a.orderNo });
  await expect(row).toContainText('部分追缴');
  await expect(row).toContainText(yuan(a.owedCents - part));

  // a write-off without a reason is refused in the form; with one it settles the debt
  await clickUntil(row.getByRole('button', { name: '核销' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toContainText('核销原因不能为空');
  await field(dialog, 'reason').fill('车主已出国，无法联系');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('已核销');
  await expect(row).toContainText('车主已出国，无法联系');
  await expect(row.getByRole('button', { name: '收款' })).toHaveCount(0);

  // written off is no longer owed: its row's 待追缴 reads 0.00 beside what was written off, and the
  // list's totals, filtered to that debt, count it under 已核销 and not under 待追缴
  const written = yuan(a.owedCents - part);
  const columns = await page.getByRole('columnheader').allTextContents();
  await expect(row.getByRole('cell').nth(columns.indexOf('待追缴（元）'))).toHaveText('0.00');
  await expect(row.getByRole('cell').nth(columns.indexOf('已核销（元）'))).toHaveText(written);
  await page.getByPlaceholder('订单编号').fill(a.orderNo);
  await page.getByRole('button', { name: '查询' }).click();
  const totals = page.locator('.pc-stat');
  await expect(totals).toContainText('欠费：1 笔');
  await expect(totals).toContainText(`已追缴：${yuan(part)} 元`);
  await expect(totals).toContainText(`已核销：${written} 元`);
  await expect(totals).toContainText('待追缴：0.00 元');
  await page.getByPlaceholder('订单编号').fill('');

  // a reminder to the debts the filter found, by SMS, now
  row = await find(b);
  // amis's row checkbox has no checkbox role: its box is the first cell's control
  await row.getByRole('cell').first().locator('.cxd-Checkbox').click();
  await clickUntil(page.getByRole('button', { name: '发送追缴通知' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(dialog).toContainText('1 条');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('已发送1条通知')).toBeVisible();
  await expect(dialog).toBeHidden();
  const headers = await page.getByRole('columnheader').allTextContents();
  await expect(row.getByRole('cell').nth(headers.indexOf('通知次数'))).toHaveText('1');

  // its history: the SMS with the gateway's answer
  await clickUntil(row.getByRole('button', { name: '通知记录' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  const sent = dialog.getByRole('row').filter({ hasText: '短信' });
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText(/已送达|已发送|发送失败/);
  await expect(sent).toContainText(/短信已送达|等待送达回执|短信发送失败/);

  // a second reminder to the same plate today is refused with the rule
  await dialog
    .getByRole('button', { name: /关闭|取消/ })
    .first()
    .click();
  await expect(dialog).toBeHidden();
  await row.getByRole('cell').first().locator('.cxd-Checkbox').click();
  await clickUntil(page.getByRole('button', { name: '发送追缴通知' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog.getByText(new RegExp(`车牌${b.plateNo}在\\d{4}-\\d{2}-\\d{2}已有追缴通知，每个车牌每天最多发送一条`))).toBeVisible();
  // refused: the dialog stays, and says why
});
