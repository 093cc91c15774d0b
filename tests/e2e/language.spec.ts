import { test, expect, signInAndWait, waitForRows } from './fixtures';
import type { Page } from '@playwright/test';

/** Han ideographs and CJK/full-width punctuation (as src/i18n/page-texts.ts). */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/**
 * Every piece of visible text with Chinese in it that is not a data value: text nodes, input
 * placeholders and button titles, outside the table bodies (rows are data: lot names, districts)
 * and the signed-in user's name.
 */
async function chineseInUi(page: Page): Promise<string[]> {
  return page.evaluate((source) => {
    const cjk = new RegExp(source);
    const isData = (el: Element) => !!el.closest('tbody, [data-testid="navbar-user"]');
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (el && text && cjk.test(text) && !isData(el) && visible(el)) found.push(text);
    }
    for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      const text = el.getAttribute('placeholder') ?? '';
      if (cjk.test(text) && !isData(el) && visible(el)) found.push(`placeholder: ${text}`);
    }
    return found;
  }, CJK.source);
}

async function switchToEnglish(page: Page) {
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Language' })).toBeVisible();
}

test('in en-US the lots list and a system list show no Chinese but their data', async ({ page }) => {
  await signInAndWait(page);
  await switchToEnglish(page);

  await page.goto('/#/parking/parkingAdmin');
  await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toBeVisible();
  await waitForRows(page);
  // menus, tab, breadcrumb, heading, buttons, columns, filter placeholders and the pager
  await expect(page.getByRole('link', { name: 'Parking Lots' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(page.getByPlaceholder('Lot name or code')).toBeVisible();
  expect(await chineseInUi(page)).toEqual([]);

  await page.goto('/#/system/dict');
  await expect(page.getByRole('columnheader', { name: 'Dictionary Code' })).toBeVisible();
  await waitForRows(page);
  expect(await chineseInUi(page)).toEqual([]);
});

test('in en-US a refused save says why in English', async ({ page }) => {
  await signInAndWait(page);
  await switchToEnglish(page);
  await page.goto('/#/system/dict');
  await waitForRows(page);

  await page.getByRole('button', { name: 'Add Dictionary' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('[name="name"]').fill('lane_direction');
  await dialog.locator('[name="fullName"]').fill('Duplicate');
  await dialog.getByRole('button', { name: /^(OK|Confirm|Submit)$/ }).click();
  // the server answers 字典编码已存在; the console says it in English, and keeps the dialog open
  await expect(page.locator('.cxd-Toast-body')).toHaveText('Dictionary Code already exists');
  await expect(dialog.getByText('Dictionary Code already exists')).toBeVisible();
  await expect(dialog.locator('[name="fullName"]')).toHaveValue('Duplicate');
});
