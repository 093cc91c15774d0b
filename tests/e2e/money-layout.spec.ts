import type { Page } from '@playwright/test';
import { test, expect, signInAndWait, waitForRows } from './fixtures';

/** At phone width the lists' columns are not hidden behind their 操作 column. */
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
