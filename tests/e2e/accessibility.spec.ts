import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, signInAndWait, waitForRows, clickUntil, ADMIN } from './fixtures';
import { BUILT_SCREENS, settled } from './built-screens';

/**
 * WCAG 2.0 / 2.1 A and AA, as axe-core checks them. No rule is disabled; a rule turned off here
 * must say why beside it.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The critical and serious violations on the page as it is now, one readable line per element. */
async function violations(page: Page, within?: string): Promise<string[]> {
  // violations only: axe skips collecting what passes, which is most of its time
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] });
  if (within) builder = builder.include(within);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`));
}

/** Each screen with what was found on it; empty when every screen passes. */
type Findings = Record<string, string[]>;

async function audit(page: Page, found: Findings, where: string, within?: string) {
  // the console names amis's controls in the frame after they are drawn (src/amis/a11y): two frames on
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  let list = await violations(page, within);
  // a select whose options arrive while axe reads redraws itself and is named a frame later: what
  // is still there half a second on is a finding
  if (list.length) {
    await page.waitForTimeout(500);
    list = await violations(page, within);
  }
  if (list.length) found[where] = list;
}

/** A list's "create" button: 新增… / 添加… in Chinese, Add… / New… in English. */
const CREATE = /^(新增|添加|Add|New)/;

/** Opens the screen's create dialog (when it has one in a dialog), audits it, and closes it with Escape. */
async function auditCreateDialog(page: Page, found: Findings, path: string) {
  const create = page
    .locator('.pc-cached-page:visible .cxd-Crud .cxd-Crud-toolbar, .pc-cached-page:visible .cxd-Page-toolbar')
    .getByRole('button', { name: CREATE })
    .first();
  if (!(await create.count())) return;
  await create.click();
  const dialog = page.getByRole('dialog').last();
  // the add-a-lot button opens a screen of its own (audited as /parkingAdmin/add/0), not a dialog
  if (!(await dialog.isVisible().catch(() => false))) {
    await expect(dialog)
      .toBeVisible({ timeout: 3000 })
      .catch(() => undefined);
    if (!(await dialog.isVisible())) return page.goBack();
  }
  await expect(dialog.locator('.cxd-Spinner')).toHaveCount(0);
  // the dialog took the focus: a keyboard user types into it at once
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  // the screen behind it was audited just before
  await audit(page, found, `${path} › create dialog`, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

type Screen = (typeof BUILT_SCREENS)[number];

/** The screens in groups, one test each: the groups run side by side and each has its own time limit. */
const GROUPS: Screen[][] = [];
for (let i = 0; i < BUILT_SCREENS.length; i += 6) GROUPS.push(BUILT_SCREENS.slice(i, i + 6));

async function auditScreens(page: Page, screens: Screen[], { withDialogs, phone }: { withDialogs: boolean; phone?: boolean }) {
  const found: Findings = {};
  for (const [path, ready] of screens) {
    await page.goto(`/#${path}`);
    // on a phone a select opens as a sheet: the calculator is audited as it opens
    await (phone && path === '/fee/feeCalculator' ? settled : ready)(page);
    await audit(page, found, path);
    if (withDialogs) await auditCreateDialog(page, found, path);
  }
  return found;
}

async function auditOrderDetails(page: Page): Promise<Findings> {
  const found: Findings = {};
  await page.goto('/#/OrderManagement/parkingRecordOrder');
  await waitForRows(page);
  await page
    .getByRole('row')
    .nth(1)
    .getByText(/^(详情|Details)$/)
    .click();
  await expect(page.locator('.cxd-TimelineItem').first()).toBeVisible();
  await settled(page);
  await audit(page, found, 'order details');
  return found;
}

/** English, a phone's width and the palest colour the settings panel offers (#13c2c2: white on it reads at 2.2:1). */
async function signInAsPhoneInEnglish(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    document.cookie = 'language=en-US; path=/';
  });
  await signInAndWait(page, ADMIN);
  await page.getByTestId('open-settings').click();
  await page.getByRole('radio', { name: '#13c2c2' }).click();
  await page.getByTestId('settings-mask').click({ position: { x: 20, y: 300 } });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test.describe.configure({ mode: 'parallel' });

test('the sign-in page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: /登 录/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(await violations(page)).toEqual([]);
});

test('the dashboard and the order details have no serious accessibility violation', async ({ page }) => {
  await signInAndWait(page);
  const found: Findings = {};
  await audit(page, found, '/dashboard');
  expect({ ...found, ...(await auditOrderDetails(page)) }).toEqual({});
});

for (const [i, screens] of GROUPS.entries()) {
  const names = screens.map(([path]) => path.split('/').pop()).join(', ');
  test(`screens ${i + 1} (${names}) and their create dialogs have no serious accessibility violation`, async ({ page }) => {
    test.setTimeout(150_000);
    await signInAndWait(page);
    expect(await auditScreens(page, screens, { withDialogs: true })).toEqual({});
  });

  test(`screens ${i + 1} in English, at 390 px and in another theme colour have no serious accessibility violation`, async ({ page }) => {
    test.setTimeout(150_000);
    await signInAsPhoneInEnglish(page);
    expect(await auditScreens(page, screens, { withDialogs: false, phone: true })).toEqual({});
  });
}

test('an open select and a delete confirm have no serious accessibility violation', async ({ page }) => {
  await signInAndWait(page, ADMIN, '/parking/parkingLane');
  await waitForRows(page);
  const found: Findings = {};
  // a searchable select (the lots, its search box beside its options) and a plain one (a dictionary), open
  for (const name of ['停车场', '方向']) {
    const select = page.locator('.pc-cached-page:visible').getByRole('combobox', { name }).first();
    const listbox = page.getByRole('listbox', { name });
    await clickUntil(select, () => expect(listbox.getByRole('option').first()).toBeVisible({ timeout: 2000 }));
    await audit(page, found, `open select ${name}`);
    await page.keyboard.press('Escape');
    await expect(listbox).toHaveCount(0);
  }
  // a row's delete asks in amis's confirm box; its 确认 is amis's danger button
  const dialog = page.getByRole('dialog');
  await clickUntil(page.getByRole('row').nth(1).getByRole('button', { name: '删除' }), () =>
    expect(dialog.getByRole('button', { name: '确认' })).toBeVisible({ timeout: 2000 }),
  );
  await audit(page, found, 'delete confirm', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(found).toEqual({});
});

/** WCAG contrast of two `rgb(…)` colours. */
function contrastOf(a: string, b: string): number {
  const lum = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('keyboard focus on the dark sidebar shows a ring that reads at 3:1 or more', async ({ page }) => {
  await signInAndWait(page);
  await page.locator('.pc-sidebar__brand').focus();
  await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const bg = (node: HTMLElement | null): string => {
      for (let n = node; n; n = n.parentElement) {
        const c = getComputedStyle(n).backgroundColor;
        if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
      }
      return 'rgb(255, 255, 255)';
    };
    return { inSidebar: !!el.closest('.pc-sidebar'), color: style.outlineColor, width: style.outlineWidth, background: bg(el) };
  });
  expect(ring.inSidebar).toBe(true);
  expect(ring.width).toBe('2px');
  expect(contrastOf(ring.color, ring.background)).toBeGreaterThanOrEqual(3);
});

test('the order details in English, at 390 px and in another theme colour have no serious accessibility violation', async ({ page }) => {
  await signInAsPhoneInEnglish(page);
  expect(await auditOrderDetails(page)).toEqual({});
});
