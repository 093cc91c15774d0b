import type { Locator, Page } from '@playwright/test';
import { adminToken, clickUntil, expect, signInAndWait, test as base, uniqueSuffix, waitForRows, ADMIN } from './fixtures';
import { startServer } from './start-server';

/**
 * Charging end to end, on a server of its own whose simulator ticks every second and starts a
 * session on every idle connector that has a price template, none of them stalling or ending early: a new template, pushed to a new pile,
 * a session on it whose curve grows, a remote stop, and the bill's segment table. The browser runs in
 * UTC: every time it shows (table, bill, curve) must still be China time. Then the order's dialog at 390 px.
 */

const test = base.extend<object, { chargingServer: string }>({
  chargingServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { url, child } = await startServer(
        {
          SIM_CHARGING: '1',
          CHARGING_SIM_MS: '1000',
          CHARGING_SIM_START: '100',
          CHARGING_SIM_MISHAPS: '0',
          CHARGING_HISTORY_DAYS: '1',
          LOOPBACK_LIMIT_FACTOR: '100',
        },
        150_000,
      );
      await use(url);
      child.kill('SIGTERM');
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ chargingServer }, use) => {
    await use(chargingServer);
  },
});

// a browser far from China: what follows the browser's zone shows 8 hours off
test.use({ timezoneId: 'UTC' });

const field = (scope: Locator, name: string) => scope.locator(`[name="${name}"]`);

/** Picks an option of the amis select holding `text` (its current value or placeholder) inside `scope`. */
async function pick(page: Page, control: Locator, option: string) {
  await control.click();
  await page
    .locator('.cxd-PopOver .cxd-Select-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
}

test('a new price template pushed to a pile prices a simulated session that is stopped remotely', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const suffix = uniqueSuffix();
  const templateName = `测试电价${suffix}`;
  // a pile of its own, with one connector and no template yet: no session starts on it
  const headers = { Authorization: await adminToken(request) };
  const pileNo = `9${String(Date.now()).slice(-13)}`;
  const pile = await (
    await request.post('/api/charging/Pile', { headers, data: { pileNo, stationId: 'cs-ns-kjy', equipmentType: 1, powerKw: 120 } })
  ).json();
  expect(pile.code, pile.msg).toBe(200);
  const gun = await (
    await request.post('/api/charging/Gun', { headers, data: { pileId: pile.data.id, gunNo: 1, connectorType: 4, ratedPowerKw: 120 } })
  ).json();
  expect(gun.code, gun.msg).toBe(200);

  // amis's chart renderer brings echarts from the bundle: nothing is fetched from another origin
  const elsewhere: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) elsewhere.push(r.url());
  });
  await signInAndWait(page, ADMIN, '/charging/chargingPrice');
  await waitForRows(page);

  // the template: one flat tier at 0.50000 + 0.30000 yuan/kWh over the whole day
  const dialog = page.getByRole('dialog');
  await clickUntil(page.getByRole('button', { name: '新增电价模板' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await field(dialog, 'priceName').fill(templateName);
  await dialog.getByRole('button', { name: '添加费率' }).click();
  await pick(page, dialog.locator('.cxd-Combo').first().getByText('费率').first(), '平');
  await field(dialog, 'elecYuan').fill('0.5');
  await field(dialog, 'serviceYuan').fill('0.3');
  await dialog.getByRole('button', { name: '添加时段' }).first().click();
  await pick(page, dialog.getByText('开始', { exact: true }), '00:00');
  await pick(page, dialog.getByText('结束', { exact: true }), '23:00');
  await pick(page, dialog.locator('.cxd-Combo').nth(1).getByText('费率').first(), '平');
  // a combo row reports its change to the form 250 ms later (amis's lazy change), as a person's next click would be
  await page.waitForTimeout(400);
  await dialog.getByRole('button', { name: '确认' }).click();
  // a day that is not covered is refused with the server's words, and the form keeps what was typed
  await expect(dialog.getByText('计费时段未覆盖全天：时段23:00起缺少时段')).toBeVisible();
  await pick(page, dialog.getByText('23:00', { exact: true }), '24:00');
  await page.waitForTimeout(400);
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();

  // push it to the new pile; the pile acknowledges
  const row = page.getByRole('row').filter({ hasText: templateName });
  await clickUntil(row.getByRole('button', { name: '下发到桩' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await dialog.getByText(pileNo, { exact: true }).click();
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  await clickUntil(row.getByRole('button', { name: '调价任务' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(dialog.getByRole('row').filter({ hasText: pileNo })).toContainText('成功');
  await dialog.locator('.cxd-Modal-footer').getByRole('button', { name: '关闭' }).click();

  // the simulator starts a session on its connector; its curve grows
  await page.goto('/#/charging/chargingOrder');
  await waitForRows(page);
  await page.getByPlaceholder('订单号/车牌/手机号').fill('');
  const orderRow = page.getByRole('row').filter({ hasText: pileNo }).first();
  await expect(orderRow).toContainText('充电中', { timeout: 20_000 });
  await clickUntil(orderRow.getByRole('button', { name: '详情' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(dialog).toContainText(`${templateName} V1`);
  const count = dialog.locator('.charging-curve-count');
  await expect(count).toHaveText(/^[1-9]\d*$/);
  const first = Number(await count.textContent());
  await expect.poll(async () => Number(await count.textContent()), { timeout: 15_000 }).toBeGreaterThan(first + 1);
  await expect(dialog.locator('canvas').first()).toBeVisible();

  // remote stop: the pile answers on its next tick and the bill is itemised
  await dialog.getByRole('button', { name: '远程停止' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '请在用户知情的情况下操作' });
  await confirm.getByRole('button', { name: '确认' }).click();
  await expect(confirm).toBeHidden();
  const details = page.getByRole('dialog').filter({ hasText: '分段计费' });
  await expect(details).toContainText('已完成', { timeout: 15_000 });
  await expect(details).toContainText('平台远程停止');
  const segment = details.locator('.charging-segments').getByRole('row').filter({ hasText: '平' });
  await expect(segment).toContainText('0.5');
  await expect(segment).toContainText('0.3');
  expect(elsewhere).toEqual([]);

  // the bill and the curve say the China time the order's 开始 says: segment MM-DD HH:mm – HH:mm,
  // the curve's first sample (under the pointer at the plot's left edge) and every axis label
  const startCell = details
    .locator('.cxd-Property th')
    .filter({ hasText: /^开始$/ })
    .locator('xpath=following-sibling::td[1]');
  const started = (await startCell.textContent())!.trim();
  const [, day, hhmm] = /^\d{4}-(\d\d-\d\d) (\d\d:\d\d):\d\d$/.exec(started)!;
  await expect(segment).toContainText(new RegExp(`${day} ${hhmm} – \\d\\d:\\d\\d`));
  const chart = details.locator('canvas').first();
  const box = (await chart.boundingBox())!;
  await chart.hover({ position: { x: 102, y: box.height / 2 } });
  await expect(details.locator('.cxd-Chart').getByText(started, { exact: true })).toBeVisible();
  const axisLabels = await chart.evaluate((canvas) => {
    type Echarts = {
      getInstanceByDom(el: Element): {
        getModel(): { getComponent(t: string): { axis: { getViewLabels(): { formattedLabel: string }[] } } };
      };
    };
    const echarts = (window as unknown as { echarts: Echarts }).echarts;
    return echarts
      .getInstanceByDom(canvas.parentElement!.parentElement!)
      .getModel()
      .getComponent('xAxis')
      .axis.getViewLabels()
      .map((l) => l.formattedLabel);
  });
  expect(axisLabels.length).toBeGreaterThan(1);
  const hour = Number(hhmm.slice(0, 2));
  // (a tick at China midnight is labelled with its date)
  for (const label of axisLabels.filter((l) => !/^\d\d-\d\d$/.test(l)))
    expect([hour, (hour + 1) % 24], label).toContain(Number(label.slice(0, 2)));

  // on a phone the dialog fits: labels on a line of their own width, nothing scrolls sideways
  await page.setViewportSize({ width: 390, height: 844 });
  const labels = details.locator('.cxd-Property th');
  await expect(labels.first()).toBeVisible();
  for (const label of await labels.all()) {
    const b = (await label.boundingBox())!;
    // at most two lines (one character per line made 订单号 three lines, 101 px, tall)
    expect(b.height, (await label.textContent())!).toBeLessThan(64);
  }
  const overflow = await page.evaluate(() => {
    const modal = document.querySelector('.cxd-Modal-content')!.getBoundingClientRect();
    return { page: document.documentElement.scrollWidth, left: modal.left, right: modal.right };
  });
  expect(overflow.page).toBeLessThanOrEqual(390);
  expect(overflow.left).toBeGreaterThanOrEqual(0);
  expect(overflow.right).toBeLessThanOrEqual(390);
});
