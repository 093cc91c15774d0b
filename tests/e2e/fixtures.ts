import { test as base, expect, type Page } from '@playwright/test';

export const ADMIN = { account: 'admin', password: 'admin123' };
export const OPERATOR = { account: 'operator', password: 'operator123' };

export const test = base.extend({
  // the server was started by global-setup on a free port
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect };

export async function signIn(page: Page, who = ADMIN, hashPath = '/') {
  await page.goto(`/#${hashPath}`);
  await page.getByLabel(/账号|Account/).fill(who.account);
  await page.getByLabel(/^密码$|Password/).fill(who.password);
  await page.getByRole('button', { name: /登 录|Sign in/ }).click();
}

export async function signInAndWait(page: Page, who = ADMIN) {
  await signIn(page, who);
  await expect(page.getByTestId('navbar-user')).not.toBeEmpty();
}

/** Unique text for records a test creates, so parallel tests never collide. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}
