import type { Page } from '@playwright/test';
import { test, expect, signInAndWait, waitForRows, clickUntil, ADMIN } from './fixtures';

/**
 * A number is never saved as another than the one typed: a money input keeps `-5` or `1e3` as typed
 * and says what is wrong beside it, and the form sends nothing; amis's number input refuses a
 * character that would make its text another number (`1e3`, `2.5` where it keeps no decimals) and
 * says so beside the field.
 */

/** The requests of a method to a path the page makes from now on. */
function requestsTo(page: Page, method: string, path: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.method() === method && path.test(new URL(req.url()).pathname)) seen.push(req.url());
  });
  return seen;
}

test('a money input keeps -5 and 1e3 as typed, says why, and the payment is not sent', async ({ page }) => {
  const payments = requestsTo(page, 'POST', /\/api\/arrears\/ArrearsRecord\/[^/]+\/Actions\/Pay$/);
  await signInAndWait(page, ADMIN, '/arrears/arrearsRecord');
  await waitForRows(page);
  const dialog = page.getByRole('dialog');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: '收款' }) })
    .first();
  await clickUntil(row.getByRole('button', { name: '收款' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  const amount = dialog.locator('[name="amountCents"]');

  await amount.pressSequentially('-5');
  await expect(dialog.getByText('金额不能小于0')).toBeVisible();
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('有字段填写不正确').first()).toBeVisible();
  await expect(amount).toHaveValue('-5');

  await amount.fill('');
  await amount.pressSequentially('1e3');
  await expect(dialog.getByText('金额只能包含数字和小数点，如 12.50')).toBeVisible();
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(amount).toHaveValue('1e3');
  await expect(dialog).toBeVisible();

  // a third decimal is not rounded away either
  await amount.fill('12.345');
  await expect(dialog.getByText('金额最多两位小数')).toBeVisible();
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeVisible();
  expect(payments).toEqual([]);

  // a right amount clears the message
  await amount.fill('0.01');
  await expect(dialog.locator('.cxd-Form-feedback')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(payments).toEqual([]);
});

test('a number input refuses an exponent or decimals it would round away, and says so; a negative stays and fails its range', async ({
  page,
}) => {
  const saves = requestsTo(page, 'POST', /\/api\/card\/CardProduct$/);
  await signInAndWait(page, ADMIN, '/card/monthCardProduct');
  await waitForRows(page);
  const dialog = page.getByRole('dialog');
  await clickUntil(page.getByRole('button', { name: '新增' }).first(), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  const periods = dialog.locator('input[name="maxPeriods"]');
  const note = page.getByRole('alert').filter({ hasText: /只能输入/ });

  await periods.fill('');
  await periods.pressSequentially('2.5');
  await expect(note.filter({ hasText: '只能输入整数' })).toBeVisible();
  await expect(periods).toHaveValue('25');

  await periods.fill('');
  await periods.pressSequentially('1e3');
  await expect(note.filter({ hasText: '只能输入数字、小数点和开头的负号' })).toBeVisible();
  await expect(periods).toHaveValue('13');
  // pasted whole, the text is refused whole
  await periods.fill('1e3');
  await expect(periods).toHaveValue('13');

  // a minus sign goes in: the value stays -3 and its range says why it cannot be saved
  const renew = dialog.locator('input[name="renewLimitDays"]');
  await renew.fill('');
  await renew.pressSequentially('-3');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog.getByText('必须是0到366之间的整数')).toBeVisible();
  await expect(renew).toHaveValue('-3');
  expect(saves).toEqual([]);
});
