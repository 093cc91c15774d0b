import { test, expect, signIn, signInAndWait, createTempUser } from './fixtures';
import type { Page } from '@playwright/test';

async function openPasswordDialog(page: Page) {
  await page.getByTestId('navbar-user').click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function changePassword(page: Page, password: string) {
  const dialog = await openPasswordDialog(page);
  await dialog.locator('[name="userPassword"]').fill(password);
  await dialog.locator('[name="validatePassword"]').fill(password);
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '修改成功' })).toBeVisible();
  await reloaded; // the page reloads after 1000 ms
}

test('the password dialog explains each rule', async ({ page }) => {
  await signInAndWait(page);
  const dialog = await openPasswordDialog(page);
  const submit = dialog.getByRole('button', { name: '确定' });
  await submit.click();
  await expect(dialog.getByText('请输入新密码')).toBeVisible();
  await expect(dialog.getByText('请再次输入新密码')).toBeVisible();
  for (const weak of ['abc12', 'abcdefg', '1234567', 'abc 1234']) {
    await dialog.locator('[name="userPassword"]').fill(weak);
    await submit.click();
    await expect(dialog.getByText('密码至少6位，且必须包含数字和字母')).toBeVisible();
  }
  await dialog.locator('[name="userPassword"]').fill('abc123');
  await dialog.locator('[name="validatePassword"]').fill('abc124');
  await submit.click();
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '两次输入的密码不一致' })).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
});

test('changing the password works and the new one signs in', async ({ page, browser, baseURL, request }) => {
  const temporary = 'Shell2test9';
  const user = await createTempUser(request);
  await signInAndWait(page, user);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/oauth/updatePassword') && r.method() === 'PUT');
  await changePassword(page, temporary);
  const body = (await sent).postDataJSON();
  expect(body.userPassword).toMatch(/^[0-9a-f]{32}$/);
  expect(body.validatePassword).toBe(body.userPassword);
  expect(body.id).toBeTruthy();

  // a fresh browser: the new password signs in, the old one no longer does
  const other = await browser.newContext({ baseURL });
  try {
    const second = await other.newPage();
    await signInAndWait(second, { account: user.account, password: temporary });
    const third = await other.newPage();
    await third.context().clearCookies();
    await signIn(third, user);
    await expect(third.getByRole('alert').filter({ hasText: '登录失败' })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('the personal centre shows the details, uploads an avatar and offers the password dialog', async ({ page }) => {
  await signInAndWait(page);
  await page.getByTestId('navbar-user').click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page).toHaveURL(/#\/user\/center$/);
  await expect(page.getByText('admin', { exact: true })).toBeVisible();
  await expect(page.getByText('系统管理员').first()).toBeVisible();

  await page.getByTestId('avatar-input').setInputFiles({ name: 'a.pdf', mimeType: 'application/pdf', buffer: Buffer.from('x') });
  await expect(page.getByRole('alert').filter({ hasText: '文件格式不正确，请上传png/jpg图片格式文件!' })).toBeVisible();
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fe0def46b80000000049454e44ae426082',
    'hex',
  );
  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('alert').filter({ hasText: '头像修改成功' })).toBeVisible();
  await expect(page.getByTestId('avatar-preview')).toHaveAttribute('src', /^\/api\/file\/Image\/.+\.png$/);

  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByRole('dialog', { name: '修改密码' })).toBeVisible();
});
