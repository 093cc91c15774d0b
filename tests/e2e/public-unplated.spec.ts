import { test, expect, adminApi } from './fixtures';

/**
 * An unplated car end to end on a phone: it waits at the entry barrier (车道管理's 模拟入场 with 无牌),
 * its driver scans the entry lane's code and takes an entry pass; at the exit (模拟到达 with 无牌)
 * the same phone's scan shows that stay's bill and pays it; another phone is told to use the one
 * that entered.
 */

interface Lane {
  id: string;
  parkingId: string;
  direction: number;
}

const phone = { viewport: { width: 375, height: 667 }, hasTouch: true, locale: 'zh-CN' };

/** A gated lot's entry lane and one of its exit lanes (the middle one: other specs use the first and last). */
async function lanesOfOneLot(call: Awaited<ReturnType<typeof adminApi>>): Promise<{ entry: Lane; exit: Lane }> {
  const lanes = (await call('GET', '/api/system/ParkingLane?qrStatus=1&enabledmark=1&pageSize=500')).list as Lane[];
  for (const entry of lanes.filter((l) => Number(l.direction) === 1)) {
    const exits = lanes.filter((l) => l.parkingId === entry.parkingId && Number(l.direction) === 2);
    if (exits.length) return { entry, exit: exits[Math.floor(exits.length / 2)] };
  }
  throw new Error('no gated lot with an entry and an exit lane');
}

const scanUrl = (lane: Lane) => `/scan.html#/scanQRcode?parkingId=${lane.parkingId}&laneId=${lane.id}`;

test('an unplated car takes an entry pass at the entry lane and pays its stay with the same phone at the exit', async ({
  browser,
  request,
}) => {
  const call = await adminApi(request);
  const { entry, exit } = await lanesOfOneLot(call);
  const waiting = await call('POST', `/api/system/ParkingLane/${entry.id}/Actions/Enter`, { plateNo: '无牌' });
  expect(waiting.waiting).toBe(true);

  const mine = await browser.newContext(phone);
  const driver = await mine.newPage();
  await driver.goto(scanUrl(entry));
  await expect(driver.getByRole('heading', { name: '无牌车入场' })).toBeVisible();
  await driver.getByRole('button', { name: '领取凭证并入场' }).click();
  await expect(driver.getByTestId('entry-done')).toContainText('道闸已开启，请入场');

  // some hours later the car is at the exit barrier
  const pass = await driver.evaluate((lot) => localStorage.getItem(`pp-passport:${lot}`), entry.parkingId);
  expect(pass).toMatch(/^[0-9a-f]{32}$/);
  await call('POST', `/api/system/ParkingLane/${exit.id}/Actions/Arrive`, { plateNo: '无牌' });

  // another phone holds no pass: it is told what to do, not shown an error
  const stranger = await (await browser.newContext(phone)).newPage();
  await stranger.goto(scanUrl(exit));
  await expect(stranger.getByRole('heading', { name: '无牌车请用入场时扫码的手机扫码出场' })).toBeVisible();
  await expect(stranger.getByRole('alert')).toHaveCount(0);

  await driver.goto(scanUrl(exit));
  await expect(driver.getByTestId('plate')).toHaveText('无牌');
  await expect(driver.getByTestId('leave-button').or(driver.getByTestId('pay-button'))).toBeVisible();
  if (await driver.getByTestId('leave-button').isVisible()) {
    // within the rule's free minutes: nothing to pay, the barrier opens
    await driver.getByTestId('leave-button').click();
    await expect(driver.getByTestId('barrier-opened')).toBeVisible();
  } else {
    await driver.getByTestId('pay-button').click();
    await driver.getByRole('dialog').getByRole('button', { name: '确认支付' }).click();
    await expect(driver.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 20_000 });
  }
  // the stay is over: the same code, scanned again, shows nobody at the barrier
  await driver.reload();
  await expect(driver.getByTestId('bill-noCar')).toBeVisible();
});
