import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, signInAndWait, waitForRows, ADMIN } from './fixtures';
import { BUILT_SCREENS, settled } from './built-screens';

/**
 * WCAG 2.0 / 2.1 A and AA, as axe-core checks them. No rule is disabled; a rule turned off here
 * must say why beside it.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The critical and serious violations on the page as it is now, one readable line per element. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`));
}

/** Each screen with what was found on it; empty when every screen passes. */
type Findings = Record<string, string[]>;

async function audit(page: Page, found: Findings, where: string) {
  const list = await violations(page);
  if (list.length) found[where] = list;
}

/** A list's "create" button: 新增… / 添加… in Chinese, Add… / New… in English. */
const CREATE = /^(新增|添加|Add|New)/;

/** Opens the screen's create dialog (when it has one in a dialog), audits it, and closes it with Escape. */
async function auditCreateDialog(page: Page, found: Findings, path: string) {
  const create = page.locator('.pc-cached-page:visible .cxd-Crud .cxd-Crud-toolbar, .pc-cached-page:visible .cxd-Page-toolbar').getByRole('button', { name: CREATE }).first();
  if (!(await create.count())) return;
  await create.click();
  const dialog = page.getByRole('dialog').last();
  // the add-a-lot button opens a screen of its own (audited as /parkingAdmin/add/0), not a dialog
  if (!(await dialog.isVisible().catch(() => false))) {
    await expect(dialog).toBeVisible({ timeout: 3000 }).catch(() => undefined);
    if (!(await dialog.isVisible())) return page.goBack();
  }
  await expect(dialog.locator('.cxd-Spinner')).toHaveCount(0);
  // the dialog took the focus: a keyboard user types into it at once
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await audit(page, found, `${path} › create dialog`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function auditEverything(page: Page, { withDialogs, phone }: { withDialogs: boolean; phone?: boolean }): Promise<Findings> {
  const found: Findings = {};
  await expect(page.locator('.pc-layout')).toBeVisible();
  await audit(page, found, '/dashboard');
  for (const [path, ready] of BUILT_SCREENS) {
    await page.goto(`/#${path}`);
    // on a phone a select opens as a sheet: the calculator is audited as it opens
    await (phone && path === '/fee/feeCalculator' ? settled : ready)(page);
    await audit(page, found, path);
    if (withDialogs) await auditCreateDialog(page, found, path);
  }
  await page.goto('/#/OrderManagement/parkingRecordOrder');
  await waitForRows(page);
  await page.getByRole('row').nth(1).getByText(/^(详情|Details)$/).click();
  await expect(page.locator('.cxd-TimelineItem').first()).toBeVisible();
  await settled(page);
  await audit(page, found, 'order details');
  return found;
}

test('the sign-in page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: /登 录/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(await violations(page)).toEqual([]);
});

test('every built screen, its create dialog and the order details have no serious accessibility violation', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAndWait(page);
  expect(await auditEverything(page, { withDialogs: true })).toEqual({});
});

test('in English, at 390 px and in another theme colour the screens have no serious accessibility violation', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // the palest colour the settings panel offers (#13c2c2: white on it reads at 2.2:1), and English
  await page.addInitScript(() => {
    document.cookie = 'language=en-US; path=/';
  });
  await signInAndWait(page, ADMIN);
  await page.getByRole('button', { name: 'Settings' }).or(page.getByTestId('open-settings')).first().click();
  await page.getByRole('radio', { name: '#13c2c2' }).click();
  await page.getByTestId('settings-mask').click({ position: { x: 20, y: 300 } });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await auditEverything(page, { withDialogs: false, phone: true })).toEqual({});
});
