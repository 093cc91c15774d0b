import md5 from 'blueimp-md5';
import { test, expect, signIn, signInAndWait, createTempUser, ADMIN } from './fixtures';

/**
 * An account locked by failed sign-ins (the e2e server locks after 3: LOCK_AFTER_FAILURES in
 * global-setup.ts): the sign-in page says so, and the administrator unlocks it in 用户管理.
 */
test('a locked account: the sign-in page shows the lock; the administrator unlocks it in 用户管理', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const user = await createTempUser(request);

  // wrong passwords until the server locks the account
  let locked = false;
  for (let i = 0; i < 10 && !locked; i++) {
    const res = await request.post('/api/oauth/Login', {
      form: { account: user.account, password: md5('not-their-password'), grant_type: 'password', origin: 'password', rememberMe: 'false' },
    });
    const body = await res.json();
    expect(body.code, body.msg).toBe(400);
    locked = Boolean(body.data?.locked);
  }
  expect(locked).toBe(true);

  // the right password on the sign-in page: refused with the lock and the time to wait
  const theirs = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'zh-CN' })).newPage();
  await signIn(theirs, user);
  const notice = theirs.getByRole('alert').filter({ hasText: '登录失败' });
  await expect(notice).toContainText(/账号已锁定（(15分钟|14分\d+秒)后解除），请输入验证码后登录或联系管理员解锁/);
  await expect(theirs).toHaveURL(/#\/login/);

  // 用户管理 shows until when, and 解锁 for the locked user only
  await signInAndWait(page, ADMIN, '/system/user');
  await expect(page.getByRole('columnheader', { name: '锁定至' })).toBeVisible();
  await page.getByPlaceholder('账号、姓名或手机号').fill(user.account);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row').filter({ hasText: user.account });
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await page.getByPlaceholder('账号、姓名或手机号').fill('admin');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('row').filter({ hasText: '系统管理员' }).getByRole('button', { name: '解锁' })).toHaveCount(0);
  await page.getByPlaceholder('账号、姓名或手机号').fill(user.account);
  await page.getByRole('button', { name: '查询' }).click();
  await row.getByRole('button', { name: '解锁' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`确定解锁用户「${user.account}」吗？`);
  await confirm.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('解锁成功')).toBeVisible();
  await expect(row.getByRole('button', { name: '解锁' })).toHaveCount(0);
  await expect(row).not.toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}.*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

  // and they sign in at once
  await theirs.reload();
  await signInAndWait(theirs, user);
  await theirs.context().close();
});
