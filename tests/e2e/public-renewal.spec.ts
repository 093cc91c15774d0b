import { test, expect, adminApi } from './fixtures';

/**
 * A monthly card holder at the exit barrier renews the card from the phone: the bill says the card
 * covers the stay and offers 续费; the quote, the wallet, and the result page name the new end date,
 * which 月卡 in the console then shows.
 */

interface Lane {
  id: string;
  parkingId: string;
  direction: number;
}
interface Order {
  plateNo: string;
  parkingId: string;
}

const phone = { viewport: { width: 375, height: 667 }, hasTouch: true, locale: 'zh-CN' };

test('a monthly card holder at the barrier renews the card from the phone, and 月卡 shows the new end date', async ({
  browser,
  request,
}) => {
  const call = await adminApi(request);
  const lanes = ((await call('GET', '/api/system/ParkingLane?direction=2&qrStatus=1&enabledmark=1&pageSize=500')).list as Lane[]).filter(
    (l) => Number(l.direction) === 2,
  );
  const cars = (await call('GET', '/api/order/ParkingOrder?state=0&carClass=2&pageSize=500')).list as Order[];
  let found: { car: Order; lane: Lane; cardNo: string } | null = null;
  for (const car of cars
    .filter((c) => lanes.some((l) => l.parkingId === c.parkingId))
    .sort(() => Math.random() - 0.5)
    .slice(0, 15)) {
    const own = lanes.filter((l) => l.parkingId === car.parkingId);
    const lane = own[Math.floor(own.length / 2)];
    await call('POST', `/api/system/ParkingLane/${lane.id}/Actions/Arrive`, { plateNo: car.plateNo });
    const bill = (await (await request.get(`/api/public/Scan/Lane?parkingId=${lane.parkingId}&laneId=${lane.id}`)).json()).data;
    if (bill?.kind === 'card' && bill.card?.renewable && bill.order?.plateNo === car.plateNo) {
      found = { car, lane, cardNo: bill.card.cardNo };
      break;
    }
  }
  expect(found, 'a monthly card holder in a gated lot whose card may be renewed').not.toBeNull();
  const { lane, cardNo } = found!;

  const driver = await (await browser.newContext(phone)).newPage();
  await driver.goto(`/scan.html#/scanQRcode?parkingId=${lane.parkingId}&laneId=${lane.id}`);
  await expect(driver.locator('.pp-banner').getByText('月卡有效，无需缴费')).toBeVisible();
  await driver.getByTestId('card-renew').click();
  const quote = driver.getByTestId('renew-quote');
  await expect(quote).toContainText(cardNo);
  const period = (await quote.textContent())!.match(/(\d{4}-\d{2}-\d{2}) ~ (\d{4}-\d{2}-\d{2})/)!;
  await driver.getByTestId('pay-button').click();
  await driver.getByRole('dialog').getByRole('button', { name: '确认支付' }).click();
  await expect(driver.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 20_000 });
  await expect(driver.getByTestId('result-renewed')).toHaveText(`续费成功，月卡${cardNo}有效期至${period[2]}`);

  // the console's 月卡 shows the card renewed to that day
  const cards = (await call('GET', `/api/card/MonthCard?keyword=${encodeURIComponent(cardNo)}&pageSize=10`)).list as {
    cardNo: string;
    endDate: string;
  }[];
  expect(cards.find((c) => c.cardNo === cardNo)?.endDate).toContain(period[2]);
});
