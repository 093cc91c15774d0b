import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { CARD_STATUS } from '../../domain/card-codes.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { addDays } from '../cards/renewal.ts';
import { RENEW_OPERATOR } from '../public/card-renewal.ts';
import { signedNotify, takeNotify } from '../public/payments.ts';
import { call, withTestServer } from './helpers.ts';
import { TEST_LOT, insertTestOrder } from './order-fixtures.ts';

/**
 * A monthly card renewed from the driver's phone: the bill of a stay the card covers offers 续费, at
 * the desk's quote; the provider's notify renews the card once (a card_payment row under the
 * provider's transaction, the card's audit), at the price shown; a card frozen meanwhile is not
 * renewed and the money is held for a refund, never taken for nothing.
 */

let app: FastifyInstance;
let db: Db;
let admin = '';
withTestServer((s) => ({ app, db, admin } = s));

const TODAY = chinaDate(Date.now());
let productId = '';
let seq = 0;
const plate = () => `粤B7R${String(++seq).padStart(3, '0')}`;

beforeAll(async () => {
  const p = await call(app, 'POST', '/api/card/CardProduct', {
    token: admin,
    json: { productName: '续费测试月卡', periodKind: 1, priceCents: 25000, timeWindow: 1, parkingIds: [TEST_LOT] },
  });
  expect(p.body.code, p.body.msg).toBe(200);
  productId = p.body.data.id;
});

const get = (url: string) => call(app, 'GET', url);
const post = (url: string, json: unknown, headers: Record<string, string> = {}) => call(app, 'POST', url, { json, headers });

/** A paid monthly card of a new plate, and that plate's car in the lot: answers the card and the order's token. */
async function cardHolderInLot(): Promise<{ cardId: string; token: string; endDate: string; plateNo: string }> {
  const plateNo = plate();
  const opened = await call(app, 'POST', '/api/card/MonthCard', {
    token: admin,
    json: {
      productId,
      parkingId: TEST_LOT,
      plateNos: [plateNo],
      ownerName: '李四',
      ownerPhone: '13512346782',
      startDate: addDays(TODAY, -1),
      backdateReason: '补录纸质月卡',
    },
  });
  expect(opened.body.code, opened.body.msg).toBe(200);
  const cardId = opened.body.data.id as string;
  const paid = await call(app, 'POST', `/api/card/MonthCard/${cardId}/Actions/Pay`, { token: admin, json: { channel: 1 } });
  expect(paid.body.code, paid.body.msg).toBe(200);
  const orderId = await insertTestOrder(db, {
    state: ORDER_STATE.IN_PARK,
    plate: plateNo,
    exited: false,
    entry: new Date(Date.now() - 2 * 3_600_000),
  });
  const token = 'c'.repeat(16) + String(seq).padStart(16, '0');
  // a monthly card holder's stay (the entry camera knew the plate's card)
  await db.query('update parking_order set public_token = $2, car_class = 2 where id = $1', [orderId, token]);
  const { rows } = await db.query<{ end_date: string }>(
    "select to_char(end_date, 'YYYY-MM-DD') as end_date from month_card where id = $1",
    [cardId],
  );
  return { cardId, token, endDate: rows[0].end_date, plateNo };
}

async function walletPays(outTradeNo: string) {
  expect((await post('/api/public/PaySim/Confirm', { outTradeNo })).body.code).toBe(200);
  const { rows } = await db.query<{ txn_id: string; amount_cents: number }>(
    'select txn_id, amount_cents::float8 as amount_cents from pay_provider_sim where out_trade_no = $1',
    [outTradeNo],
  );
  return signedNotify({ outTradeNo, transactionId: rows[0].txn_id, amountCents: Number(rows[0].amount_cents) });
}

const renewals = async (cardId: string) =>
  (await db.query<{ n: number }>('select count(*)::int as n from card_payment where card_id = $1 and pay_kind = 2', [cardId])).rows[0].n;

describe('renewing a monthly card from the phone', () => {
  it('the bill of a stay the card covers offers 续费, and the quote is the desk’s', async () => {
    const h = await cardHolderInLot();
    const bill = (await get(`/api/public/Scan/Order?token=${h.token}`)).body.data;
    expect(bill).toMatchObject({ kind: 'card', card: { kind: 'month', renewable: true } });
    const quote = await get(`/api/public/Card/Renewal?token=${h.token}&periods=2`);
    expect(quote.body.data).toMatchObject({ periods: 2, amountCents: 50000, startDate: addDays(h.endDate, 1) });
    expect((await get(`/api/public/Card/Renewal?token=${h.token}&periods=0`)).body).toMatchObject({
      code: 400,
      msg: '续费周期数必须是1到120之间的整数',
    });
  });

  it('the notify renews the card once, under the provider’s transaction, audited as the driver’s', async () => {
    const h = await cardHolderInLot();
    const pay = await post('/api/public/Card/Renew', { token: h.token, channel: 2, periods: 1 }, { 'idempotency-key': `renew-${h.token}` });
    expect(pay.body.code, pay.body.msg).toBe(200);
    expect(pay.body.data.amountCents).toBe(25000);
    const outTradeNo = pay.body.data.outTradeNo as string;
    const n = await walletPays(outTradeNo);
    const answers = await Promise.all(Array.from({ length: 10 }, () => takeNotify(db, n)));
    expect(answers.every((a) => a.result === 'SUCCESS')).toBe(true);
    expect(await renewals(h.cardId)).toBe(1);
    const row = (
      await db.query<{ serial_no: string; operator: string; amount_cents: number; channel: number }>(
        'select serial_no, operator, amount_cents::float8 as amount_cents, channel from card_payment where card_id = $1 and pay_kind = 2',
        [h.cardId],
      )
    ).rows[0];
    expect(row).toMatchObject({ serial_no: n.transactionId, operator: RENEW_OPERATOR, amount_cents: 25000 });
    expect(Number(row.channel)).toBe(2);
    const state = (await get(`/api/public/Pay/${outTradeNo}`)).body.data;
    expect(state).toMatchObject({ status: 'paid', applied: true, renewal: { endDate: quoteEnd(h.endDate) } });
    const audit = await db.query<{ operator: string }>("select operator from card_audit where card_id = $1 and action = 'renew'", [
      h.cardId,
    ]);
    expect(audit.rows.map((a) => a.operator)).toEqual([RENEW_OPERATOR]);
  });

  it('a card frozen before the notify is not renewed: the money is held for a refund', async () => {
    const h = await cardHolderInLot();
    const pay = await post('/api/public/Card/Renew', { token: h.token, channel: 1, periods: 1 });
    const outTradeNo = pay.body.data.outTradeNo as string;
    const n = await walletPays(outTradeNo);
    const frozen = await call(app, 'POST', `/api/card/MonthCard/${h.cardId}/Actions/Freeze`, {
      token: admin,
      json: { reason: '车主报失' },
    });
    expect(frozen.body.code, frozen.body.msg).toBe(200);
    expect(await takeNotify(db, n)).toMatchObject({ result: 'SUCCESS' });
    expect(await renewals(h.cardId)).toBe(0);
    const status = (await db.query<{ status: number }>('select status from month_card where id = $1', [h.cardId])).rows[0].status;
    expect(Number(status)).toBe(CARD_STATUS.FROZEN);
    expect((await get(`/api/public/Pay/${outTradeNo}`)).body.data).toMatchObject({ status: 'paid', applied: false, unappliedCents: 25000 });
    // and a frozen card's bill offers no renewal
    const bill = (await get(`/api/public/Scan/Order?token=${h.token}`)).body.data;
    expect(bill.card?.renewable ?? false).toBe(false);
  });
});

/** The end of one more month after `end` (the product is a calendar month). */
function quoteEnd(end: string): string {
  const start = addDays(end, 1);
  const [y, m, d] = start.split('-').map(Number);
  const next = new Date(Date.UTC(y, m, d));
  return addDays(next.toISOString().slice(0, 10), -1);
}
