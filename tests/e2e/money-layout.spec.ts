import type { Page } from '@playwright/test';
import { test, expect, signInAndWait, waitForRows, askRefund } from './fixtures';

/** At phone width the lists' columns are not hidden behind their 操作 column; at a desk, in English, neither are 退款审核's. */
test.use({ viewport: { width: 390, height: 844 } });

/** Whether the point at the middle of a row's `n`th cell shows that cell (not a column drawn over it). */
async function cellShows(page: Page, n: number): Promise<boolean> {
  const cell = page.getByRole('row').nth(1).getByRole('cell').nth(n);
  await cell.scrollIntoViewIfNeeded();
  return cell.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + r.height / 2);
    return !!hit && el.contains(hit);
  });
}

for (const path of ['/card/monthCard', '/arrears/arrearsRecord']) {
  test(`${path} at 390 px: the columns after the first are not covered by the 操作 column`, async ({ page }) => {
    await signInAndWait(page, undefined, path);
    await waitForRows(page);
    expect(await cellShows(page, 1)).toBe(true);
    expect(await cellShows(page, 2)).toBe(true);
  });
}

/** Whether every cell of a list's first row before its fixed 操作 column shows where it is drawn, as the list opens (no scrolling). */
async function rowUncovered(page: Page): Promise<string[]> {
  return page.locator('.pc-cached-page:visible .cxd-Table-table').evaluateAll((tables) => {
    // amis draws the header once more above the list, with no rows
    const table = tables.find((t) => t.querySelector('tbody tr'))!;
    const cells = [...table.querySelectorAll('tbody tr:first-child > td')].filter((td) => !td.classList.contains('is-sticky'));
    const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    return cells.flatMap((td, i) => {
      const r = td.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit && td.contains(hit) ? [] : [heads[i] || `cell ${i}`];
    });
  });
}

test.describe('at 1440 px in English', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('/refund/refundAudit: every column shows beside the fixed Actions column', async ({ page }) => {
    await askRefund(page.request, { words: 'layout check', reasonCode: 2 });
    await page.context().addCookies([{ name: 'language', value: 'en-US', url: process.env.E2E_BASE_URL! }]);
    await signInAndWait(page, undefined, '/refund/refundAudit');
    await waitForRows(page);
    await expect(page.getByRole('columnheader', { name: 'Status' }).first()).toBeVisible();
    expect(await rowUncovered(page), 'columns covered by another').toEqual([]);
  });
});
