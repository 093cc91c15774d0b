import type { Locator, Page } from '@playwright/test';
import { test, expect, ADMIN, uniqueSuffix } from './fixtures';

/** What the focused element shows: an outline or a ring of its own (box-shadow), and its name. */
async function focusState(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', visible: false, text: '', inDialog: false };
    const style = getComputedStyle(el);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ringed = style.boxShadow !== 'none';
    return {
      tag: el.tagName.toLowerCase(),
      visible: outlined || ringed,
      text: (el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).placeholder || '').trim().slice(0, 40),
      inDialog: Boolean(el.closest('[role="dialog"]')),
    };
  });
}

/**
 * Presses Tab until the focused element is `target`, checking at every stop that the focus is
 * visible (WCAG 2.4.7) and, when `inside` is given, that it never leaves it.
 */
async function tabTo(page: Page, target: Locator, { inside, max = 60 }: { inside?: Locator; max?: number } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    // amis animates its controls' outline in (transition: all): the ring is read once it is drawn
    let state = await focusState(page);
    await expect
      .poll(
        async () => {
          state = await focusState(page);
          return state.visible;
        },
        { timeout: 2000 },
      )
      .toBe(true)
      .catch(() => expect(state.visible, `focus is visible on <${state.tag}> "${state.text}"`).toBe(true));
    if (inside)
      expect(await inside.evaluate((d) => d.contains(document.activeElement)), `focus stays in the dialog ("${state.text}")`).toBe(true);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

test('without a mouse: sign in, open a screen, add a record in its dialog, cancel another with Escape', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/#/login');
  const account = page.getByLabel('账号');
  await expect(account).toBeVisible();
  await tabTo(page, account);
  await page.keyboard.type(ADMIN.account);
  await tabTo(page, page.getByLabel(/^密码$/));
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('navbar-user')).not.toBeEmpty();

  // the first Tab stop is the skip link; it jumps past the menu, the header and the tabs
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到主要内容' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();

  // the menu search reaches any screen
  await tabTo(page, page.getByRole('combobox', { name: '搜索' }));
  await page.keyboard.type('数据字典');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/system\/dict/);
  const add = page.getByRole('button', { name: '新增字典' });
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  // the screen opened from the search has the focus: the next Tab is in the screen
  await expect(page.locator('#pc-main-content')).toBeFocused();
  await tabTo(page, add);

  // the dialog takes the focus, keeps it, and is saved from the keyboard
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '新增字典' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  const code = `kb_${uniqueSuffix()}`;
  await expect(dialog.locator('[name="name"]')).toBeFocused();
  await page.keyboard.type(code);
  await tabTo(page, dialog.locator('[name="fullName"]'), { inside: dialog });
  await page.keyboard.type('键盘录入');
  // Tab past the last control comes back to the first: the focus never leaves the dialog
  const confirm = dialog.getByRole('button', { name: '确认' });
  await tabTo(page, confirm, { inside: dialog });
  await tabTo(page, dialog.locator('[name="name"]'), { inside: dialog });
  await tabTo(page, confirm, { inside: dialog });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible();
  // back on the button that opened it
  await expect.poll(() => isFocused(add)).toBe(true);

  // another one, cancelled with Escape: nothing saved, the focus back on its opener
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.type('kb_cancelled');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(() => isFocused(add)).toBe(true);
  await expect(page.getByRole('cell', { name: 'kb_cancelled', exact: true })).toHaveCount(0);
});
