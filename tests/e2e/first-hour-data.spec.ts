import { test, expect, signInAndWait, uniqueSuffix, waitForRows, clickUntil, ADMIN } from './fixtures';
import type { Locator, Page } from '@playwright/test';

/**
 * Issue 12, "Data a person trusts": lists and their summaries follow every save and the filter,
 * bad input stays as typed with a message beside its field, and rules agree across screens.
 * Kept-alive tabs stay in the page while hidden: locators are scoped to what is visible.
 */

const visiblePage = (page: Page) => page.locator('.pc-amis-page:visible');
const field = (scope: Locator | Page, name: string) => scope.locator(`[name="${name}"]:visible`);
/** The lots summary's first figure, 停车场：N. */
const lotCount = (page: Page) => visiblePage(page).locator('.pc-stat').first();

async function search(page: Page, keyword: string) {
  await field(visiblePage(page), 'keyword').fill(keyword);
  await visiblePage(page).getByRole('button', { name: '查询' }).click();
}

test('the lots list and its summary follow adds, edits, deletes and 重置; 新增停车场 opens empty', async ({ page }) => {
  test.setTimeout(90_000);
  const suffix = uniqueSuffix();
  const name = `数据${suffix}`;
  await signInAndWait(page, ADMIN, '/parking/parkingAdmin');
  await waitForRows(page);

  // a filter that matches nothing yet: the summary says so
  await search(page, suffix);
  await expect(lotCount(page)).toHaveText('停车场：0');

  // add: back on the (kept-alive) list, with its filter, the new lot and the summary show at once
  await clickUntil(visiblePage(page).getByRole('button', { name: '新增停车场' }), () =>
    expect(page).toHaveURL(/#\/parkingAdmin\/add\/0$/, { timeout: 2000 }),
  );
  const form = visiblePage(page);
  await field(form, 'parkingName').fill(name);
  await field(form, 'parkingCode').fill(`D${suffix}`.slice(0, 32));
  await field(form, 'regionCode').fill('440305');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/#\/parking\/parkingAdmin$/);
  await expect(visiblePage(page).getByRole('row').filter({ hasText: name })).toBeVisible();
  await expect(lotCount(page)).toHaveText('停车场：1');

  // edit: the list shows the new name without a manual refresh
  await visiblePage(page).getByRole('row').filter({ hasText: name }).getByRole('button', { name: '编辑' }).click();
  await expect(field(visiblePage(page), 'parkingName')).toHaveValue(name);
  await field(visiblePage(page), 'parkingName').fill(`${name}改`);
  await visiblePage(page).getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/#\/parking\/parkingAdmin$/);
  await expect(
    visiblePage(page)
      .getByRole('row')
      .filter({ hasText: `${name}改` }),
  ).toBeVisible();

  // the add page starts empty again (its tab was kept alive with the last lot in it)
  await clickUntil(visiblePage(page).getByRole('button', { name: '新增停车场' }), () =>
    expect(page).toHaveURL(/#\/parkingAdmin\/add\/0$/, { timeout: 2000 }),
  );
  await expect(field(visiblePage(page), 'parkingName')).toHaveValue('');
  await expect(field(visiblePage(page), 'parkingCode')).toHaveValue('');
  await page.goto('/#/parking/parkingAdmin');
  await waitForRows(page);

  // 重置: the summary counts every lot again, as the list does
  await visiblePage(page).getByRole('button', { name: '重置' }).click();
  await expect(lotCount(page)).not.toHaveText('停车场：1');

  // delete: list and summary follow
  await search(page, suffix);
  await expect(lotCount(page)).toHaveText('停车场：1');
  await visiblePage(page).getByRole('row').filter({ hasText: name }).getByRole('button', { name: '删除' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  await expect(lotCount(page)).toHaveText('停车场：0');
  await expect(visiblePage(page).getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('out-of-range numbers stay as typed with a message beside the field; lengths show a counter; one wording for required', async ({
  page,
}) => {
  await signInAndWait(page, ADMIN, '/parkingAdmin/add/0');
  const form = visiblePage(page);
  await field(form, 'totalSpaces').fill('-5');
  await field(form, 'parkingName').click();
  await expect(field(form, 'totalSpaces')).toHaveValue('-5');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('必须是不小于0的整数').first()).toBeVisible();
  await expect(form.getByText('停车场名称不能为空')).toBeVisible();
  await expect(form.getByText('停车场编号不能为空')).toBeVisible();
  await expect(page.getByText('依赖的部分字段没有通过验证')).toHaveCount(0);
  // the length limit is visible while typing
  await field(form, 'parkingName').fill('停车场');
  await expect(form.getByText('3/50')).toBeVisible();

  // batch-add spaces: −3 is not one space
  await page.goto('/#/parking/parkingSpace');
  await waitForRows(page);
  await visiblePage(page).getByRole('button', { name: '批量新增' }).click();
  const dialog = page.getByRole('dialog');
  await field(dialog, 'count').fill('-3');
  await field(dialog, 'prefix').click();
  await expect(field(dialog, 'count')).toHaveValue('-3');
  await dialog.getByRole('button', { name: /确认|提交/ }).click();
  await expect(dialog.getByText('必须是1到500之间的整数')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test("the admin's reset-password form enforces the change-password rule", async ({ page }) => {
  await signInAndWait(page, ADMIN, '/system/user');
  await waitForRows(page);
  await visiblePage(page).getByRole('row').filter({ hasText: 'operator' }).first().getByRole('button', { name: '重置密码' }).click();
  const dialog = page.getByRole('dialog');
  await field(dialog, 'userPassword').fill('abcdef');
  await field(dialog, 'validatePassword').fill('abcdef');
  await dialog.getByRole('button', { name: /确认|提交/ }).click();
  await expect(dialog.getByText('密码至少6位，且必须包含数字和字母')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test.describe('log times', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the sign-in log shows China time whatever the browser’s zone', async ({ page }) => {
    const chinaHour = (at: number) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit' })
        .format(new Date(at))
        .slice(0, 13);
    const before = Date.now();
    await signInAndWait(page, ADMIN, '/system/loginLog');
    await waitForRows(page);
    // the newest row is this sign-in: its date and hour are China's (the hour may have turned meanwhile)
    const hours = [...new Set([chinaHour(before), chinaHour(Date.now())])];
    await expect(visiblePage(page).getByRole('row').nth(1)).toContainText(new RegExp(hours.join('|')));
  });
});
