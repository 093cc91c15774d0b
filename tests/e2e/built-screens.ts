import type { Page } from '@playwright/test';
import { expect, waitForRows, clickUntil } from './fixtures';

/** A screen without a list has its data: its page shows and nothing is loading. */
export async function settled(page: Page) {
  await expect(page.locator('.cxd-Page').last()).toBeVisible();
  await expect(page.locator('.cxd-Spinner:visible, .pc-list-placeholder:visible')).toHaveCount(0);
}

/** The calculator with a stay priced (in either language): its explanation, notes and lines are on screen. */
async function priceAStay(page: Page) {
  const form = page
    .locator('.cxd-Panel')
    .filter({ hasText: /Based On|计费依据/ })
    .last();
  const lotOption = page.getByRole('option', { name: '罗湖口岸交通枢纽停车场' });
  const lotItem = form.locator('.cxd-Form-item').filter({ has: page.locator('label', { hasText: /^(Lot|停车场)/ }) });
  await clickUntil(lotItem.getByRole('combobox'), () => expect(lotOption).toBeVisible({ timeout: 3000 }));
  await lotOption.click();
  const times = form.locator('.cxd-DatePicker input');
  await times.nth(0).fill('2024-05-06 18:50:00');
  await times.nth(0).press('Tab');
  await times.nth(1).fill('2024-05-07 07:20:00');
  await times.nth(1).press('Tab');
  await form.getByRole('button', { name: /^(Calculate|试 ?算)$/ }).click();
  await expect(form.getByRole('row').filter({ hasText: /Night|夜间/ })).toHaveCount(1);
}

/** A list that may be empty on a fresh server (no refund yet): its table shows rows or says there are none. */
export async function listShown(page: Page) {
  const screen = page.locator('.pc-cached-page:visible');
  await expect(screen.locator('.cxd-Table').first()).toBeVisible();
  await expect(screen.locator('.cxd-Crud .cxd-Spinner')).toHaveCount(0);
  await expect(screen.getByRole('row').nth(1)).toBeVisible();
}

/** The home dashboard with its figures and to-dos drawn. */
async function dashboardShown(page: Page) {
  await expect(page.locator('[data-kpi]').first()).toBeVisible();
  await expect(page.locator('[data-todo]').first()).toBeVisible();
}

/** Every menu screen that is built (not 建设中) and the lot form, each with what shows that its data is there. */
export const BUILT_SCREENS: [path: string, ready: (page: Page) => Promise<void>][] = [
  ...[
    '/parking/parkingAdmin',
    '/parking/parkingArea',
    '/parking/parkingLane',
    '/parking/parkingSpace',
    '/charging/chargingStation',
    '/charging/chargingPile',
    '/charging/chargingGun',
    '/charging/chargingPrice',
    '/charging/chargingOrder',
    '/fee/feeRule',
    '/OrderManagement/parkingRecordOrder',
    '/arrears/arrearsRecord',
    '/arrears/arrearsNotice',
    '/coupon/merchant',
    '/coupon/couponTemplate',
    '/coupon/couponRecord',
    '/monitoring/device',
    '/system/user',
    '/system/role',
    '/system/menu',
    '/system/dict',
    '/system/operLog',
    '/system/loginLog',
  ].map((path): [string, (page: Page) => Promise<void>] => [path, waitForRows]),
  ['/tools/addresses', settled],
  // the add-a-lot screen, opened from the lots list
  ['/parkingAdmin/add/0', settled],
  ['/fee/feeCalculator', priceAStay],
  ['/refund/refundApply', listShown],
  ['/refund/refundAudit', listShown],
  ['/card/monthCardProduct', waitForRows],
  ['/card/monthCard', waitForRows],
  ['/card/groupCard', waitForRows],
  ['/finance/financeDaily', listShown],
  ['/finance/financeChannel', listShown],
  ['/finance/financeCharging', listShown],
  ['/dashboard', dashboardShown],
];
