import { test, expect, signInAndWait, waitForRows } from './fixtures';
import { BUILT_SCREENS, settled } from './built-screens';
import type { Page } from '@playwright/test';

/** Han ideographs and CJK/full-width punctuation (as src/i18n/page-texts.ts). */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/**
 * The data the server sent while the screens were open: every Chinese string of its JSON answers
 * (lot, station and lane names, plates, people, reasons), except the texts it writes from fixed
 * lists, which are UI and must follow the language: labels (`…Label`), the words of an order's
 * timeline (its items' `title` and `detail`), the fee engine's sentences (`preview`, `notes`, `piece`, `part`) and the
 * dictionaries' labels.
 */
function collectData(page: Page): { data: Set<string>; read: () => Promise<unknown> } {
  const data = new Set<string>();
  // answers still being read: a sweep waits for them, or a loaded machine sweeps before the data is known
  const reading = new Set<Promise<void>>();
  const UI_KEYS = /Label$|^(preview|notes|piece|part)$/;
  const visit = (value: unknown, key = '', parent = ''): void => {
    if (UI_KEYS.test(key) || (parent === 'timeline' && /^(title|detail)$/.test(key))) return;
    if (typeof value === 'string') {
      if (!CJK.test(value)) return;
      data.add(value);
      // a plate as the console shows it: 粤B12345 → 粤B·12345
      if (/^\p{Script=Han}[A-Z]/u.test(value)) data.add(`${value.slice(0, 2)}·${value.slice(2)}`);
    } else if (Array.isArray(value)) value.forEach((item) => visit(item, key, key));
    else if (value && typeof value === 'object') Object.entries(value).forEach(([k, v]) => visit(v, k, parent));
  };
  page.on('response', async (res) => {
    const url = res.url();
    if (!url.includes('/api/') || url.includes('/api/dictDetail') || !(res.headers()['content-type'] ?? '').includes('json')) return;
    const done = res
      .json()
      .catch(() => null)
      .then((body) => visit(body));
    reading.add(done);
    await done;
    reading.delete(done);
  });
  return { data, read: () => Promise.all([...reading]) };
}

/**
 * Every piece of visible text (text nodes, placeholders) with Chinese left once the data values in
 * it are taken out: what a reader of en-US meets that is not data.
 */
async function chineseBesidesData(page: Page, data: Set<string>): Promise<string[]> {
  return page.evaluate(
    ({ source, values }) => {
      const cjk = new RegExp(source);
      // longest first, so a lot name is taken out whole before a shorter name inside it
      const sorted = values.sort((a, b) => b.length - a.length);
      const rest = (text: string) => sorted.reduce((t, v) => (t.includes(v) ? t.split(v).join('') : t), text);
      const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().width > 0;
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (node.parentElement && cjk.test(text) && cjk.test(rest(text)) && visible(node.parentElement)) found.push(text);
      }
      for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
        const text = el.getAttribute('placeholder') ?? '';
        if (cjk.test(rest(text)) && visible(el)) found.push(`placeholder: ${text}`);
      }
      return found;
    },
    { source: CJK.source, values: [...data] },
  );
}

async function switchToEnglish(page: Page) {
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Language' })).toBeVisible();
}

test('in en-US every built screen and the order details show no Chinese but their data', async ({ page }) => {
  test.setTimeout(180_000);
  const { data, read } = collectData(page);
  await signInAndWait(page);
  await switchToEnglish(page);

  const found: Record<string, string[]> = {};
  const sweep = async (screen: string) => {
    await read();
    const left = await chineseBesidesData(page, data);
    if (left.length) found[screen] = [...new Set(left)];
  };
  await expect(page.getByText(/^Welcome back, /)).toBeVisible();
  // the pages' translation table arrives after the switch: the brand title is one of its texts
  await expect(page.getByTestId('sidebar-brand')).toContainText('Smart Parking Console');
  await sweep('/dashboard');
  for (const [path, ready] of BUILT_SCREENS) {
    await page.goto(`/#${path}`);
    await ready(page);
    await sweep(path);
  }
  // the menus, a list's buttons and its filter placeholders are English, not merely free of Chinese
  await page.goto('/#/parking/parkingAdmin');
  await expect(page.getByRole('link', { name: 'Parking Lots' }).first()).toBeVisible();
  await expect(page.getByPlaceholder('Lot name or code')).toBeVisible();

  // an order's details, reached from the list: its state and timeline are words of the console
  await page.goto('/#/OrderManagement/parkingRecordOrder');
  await waitForRows(page);
  // beside the English headers the lot names keep their room (they were squeezed to one character a line)
  expect((await page.getByRole('columnheader', { name: 'Lot', exact: true }).boundingBox())?.width).toBeGreaterThanOrEqual(120);
  await page.getByRole('row').nth(1).getByText('Details').click();
  await expect(page.getByText('Timeline', { exact: true })).toBeVisible();
  await expect(page.locator('.cxd-TimelineItem').first()).toBeVisible();
  await settled(page);
  await sweep('order details');

  expect(found).toEqual({});
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
