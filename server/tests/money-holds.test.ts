import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { md5Hex } from '../lib/password.ts';
import { CARD_STATUS } from '../../domain/card-codes.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { addDays } from '../cards/renewal.ts';
import { monthCardTerms } from '../cards/cover-lookup.ts';
import { createDueArrears } from '../arrears/create.ts';
import { type InPark, leave } from '../jobs/traffic-sim.ts';
import { settleRefunds } from '../refunds/channel-sim.ts';
import { call, login, withTestServer } from './helpers.ts';
import { TEST_LOT, insertTestOrder, orderRow } from './order-fixtures.ts';

/**
 * Money that holds: a card refunded in full is ended for good, a merchant holding money is not
 * deleted, the exit is settled once under the order's lock, an edit waits for the payment beside
 * it, and a write retried under one Idempotency-Key moves money once. The races run for real on
 * PostgreSQL (npm run test:pg); on PGlite they pass one at a time.
 */

let app: FastifyInstance;
let db: Db;
let admin = '';
let checker = '';
withTestServer((s) => ({ app, db, admin } = s));

const TODAY = chinaDate(Date.now());
const HOUR = 3_600_000;
let seq = 0;
const plate = () => `粤B6H${String(++seq).padStart(3, '0')}`;
let productId = '';

beforeAll(async () => {
  const user = await call(app, 'POST', '/api/system/Permission/Users', {
    token: admin,
    json: {
      account: 'moneychk',
      realName: '复核',
      roleIds: ['r-admin'],
      userPassword: md5Hex('Chk12345'),
      validatePassword: md5Hex('Chk12345'),
    },
  });
  expect(user.body.code, user.body.msg).toBe(200);
  checker = await login(app, 'moneychk', 'Chk12345');
  const p = await call(app, 'POST', '/api/card/CardProduct', {
    token: admin,
    json: { productName: '退款测试月卡', periodKind: 1, priceCents: 30000, timeWindow: 1, parkingIds: [TEST_LOT] },
  });
  expect(p.body.code, p.body.msg).toBe(200);
  productId = p.body.data.id;
});

const post = (url: string, json: unknown, token = admin, key?: string) =>
  call(app, 'POST', url, { token, json, headers: key ? { 'idempotency-key': key } : {} });
const cardAct = (kind: string, id: string, action: string, json: unknown, key?: string) =>
  post(`/api/card/${kind}/${id}/Actions/${action}`, json, admin, key);
const count = async (sql: string, params: unknown[]) => Number((await db.query<{ n: number }>(sql, params)).rows[0].n);

async function openMonthCard(plateNo = plate()): Promise<string> {
  const res = await post('/api/card/MonthCard', {
    productId,
    parkingId: TEST_LOT,
    plateNos: [plateNo],
    ownerName: '王五',
    startDate: TODAY,
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id;
}

async function openGroupCard(): Promise<string> {
  const res = await post('/api/card/GroupCard', {
    companyName: `退款单位${++seq}`,
    parkingId: TEST_LOT,
    slots: 1,
    plateNos: [plate()],
    priceCents: 50000,
    startDate: TODAY,
    endDate: addDays(TODAY, 30),
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id;
}

/** Pays card `id` in cash, freezes it and refunds all of it, approved by a second user (cash: paid back at once). */
async function refundInFull(kind: 'MonthCard' | 'GroupCard', id: string): Promise<void> {
  expect((await cardAct(kind, id, 'Pay', { channel: 3 })).body.code).toBe(200);
  expect((await cardAct(kind, id, 'Freeze', { reason: '车主退租' })).body.code).toBe(200);
  const pay = (await db.query<{ id: string; amount_cents: string }>('select id, amount_cents from card_payment where card_id = $1', [id]))
    .rows[0];
  const applied = await post('/api/refund/CardRefunds', {
    cardPaymentId: pay.id,
    amountCents: Number(pay.amount_cents),
    reasonCode: 5,
    reason: '退租',
  });
  expect(applied.body.code, applied.body.msg).toBe(200);
  const approved = await post(`/api/refund/Refunds/${applied.body.data.id}/Actions/Approve`, { reason: '' }, checker);
  expect(approved.body.code, approved.body.msg).toBe(200);
}

describe('a card refunded in full', () => {
  it('a monthly card is ended for good: no unfreeze, no renewal, no cover of the plate’s stays', async () => {
    const plateNo = plate();
    const id = await openMonthCard(plateNo);
    await refundInFull('MonthCard', id);
    const got = await call(app, 'GET', `/api/card/MonthCard/${id}`, { token: admin });
    expect(got.body.data).toMatchObject({ status: CARD_STATUS.REFUNDED, statusLabel: '已退卡', events: [] });
    expect((await cardAct('MonthCard', id, 'Unfreeze', {})).body).toMatchObject({ code: 400, msg: '卡当前状态为“已退卡”，不能解冻' });
    expect((await cardAct('MonthCard', id, 'Renew', { channel: 1, periods: 1 })).body).toMatchObject({
      code: 400,
      msg: '卡当前状态为“已退卡”，不能续费',
    });
    expect(await monthCardTerms(db, TEST_LOT, plateNo, Date.now() - HOUR, Date.now())).toEqual([]);
  });

  it('a group card is ended the same way', async () => {
    const id = await openGroupCard();
    await refundInFull('GroupCard', id);
    expect(Number((await db.query<{ status: number }>('select status from group_card where id = $1', [id])).rows[0].status)).toBe(
      CARD_STATUS.REFUNDED,
    );
    expect((await cardAct('GroupCard', id, 'Unfreeze', {})).body).toMatchObject({ code: 400, msg: '卡当前状态为“已退卡”，不能解冻' });
  });

  it('while a full refund waits for review the card stays frozen, and approval re-checks the card under its lock', async () => {
    const id = await openMonthCard();
    expect((await cardAct('MonthCard', id, 'Pay', { channel: 1 })).body.code).toBe(200);
    expect((await cardAct('MonthCard', id, 'Freeze', { reason: '退租' })).body.code).toBe(200);
    const pay = (await db.query<{ id: string }>('select id from card_payment where card_id = $1', [id])).rows[0];
    const applied = await post('/api/refund/CardRefunds', { cardPaymentId: pay.id, amountCents: 30000, reasonCode: 5, reason: '退租' });
    expect(applied.body.code, applied.body.msg).toBe(200);
    const unfreeze = await cardAct('MonthCard', id, 'Unfreeze', {});
    expect(unfreeze.body.code).toBe(400);
    expect(unfreeze.body.msg).toMatch(/^该卡有退款正在处理（退款单号R?\w+），处理完成前不能恢复使用$/);
    // a card brought back by hand behind the rules is caught when the money would leave
    await db.query('update month_card set status = $2 where id = $1', [id, CARD_STATUS.ACTIVE]);
    const approve = await post(`/api/refund/Refunds/${applied.body.data.id}/Actions/Approve`, { reason: '' }, checker);
    expect(approve.body).toMatchObject({ code: 400 });
    expect(approve.body.msg).toContain('请先冻结');
  });
});

describe('merchants holding money', () => {
  const newMerchant = async () => {
    const res = await post('/api/coupon/Merchant', { merchantName: `预付商户${++seq}`, parkingIds: [TEST_LOT] });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data.id as string;
  };

  it('a merchant with a balance is not deleted, says why, and keeps its ledger', async () => {
    const id = await newMerchant();
    expect((await post(`/api/coupon/Merchant/${id}/Actions/TopUp`, { amountCents: 50000 })).body.code).toBe(200);
    const del = await call(app, 'DELETE', `/api/coupon/Merchant/${id}`, { token: admin });
    expect(del.status).toBe(200);
    expect(del.body.code).toBe(400);
    expect(del.body.msg).toMatch(/尚有预付余额500\.00元.*不能删除；不再合作请将其停用$/);
    expect(await count('select count(*)::int as n from merchant_ledger where merchant_id = $1', [id])).toBe(1);
    expect(await count('select count(*)::int as n from merchant where id = $1', [id])).toBe(1);
  });

  it('a merchant with a coupon template is refused in words, not with a server error', async () => {
    const id = await newMerchant();
    await db.query(
      `insert into coupon_template (id, template_name, merchant_id, parking_ids, coupon_type, face_value, stock, valid_mode, valid_days)
       values ($1, '测试券', $2, $3, 1, 500, 10, 2, 3)`,
      [`ct-${id}`, id, [TEST_LOT]],
    );
    const del = await call(app, 'DELETE', `/api/coupon/Merchant/${id}`, { token: admin });
    expect(del.status).toBe(200);
    expect(del.body.msg).toContain('已有优惠券模板1个');
  });

  it('a merchant holding nothing is deleted', async () => {
    const id = await newMerchant();
    expect((await call(app, 'DELETE', `/api/coupon/Merchant/${id}`, { token: admin })).body.code).toBe(200);
  });
});

describe('exit settlement', () => {
  const inPark = async (plateNo = plate()) => {
    const id = await insertTestOrder(db, {
      state: ORDER_STATE.IN_PARK,
      plate: plateNo,
      exited: false,
      entry: new Date(Date.now() - 3 * HOUR),
    });
    const o = (await db.query<InPark>('select * from parking_order where id = $1', [id])).rows[0];
    return { ...o, state: ORDER_STATE.IN_PARK } as InPark;
  };
  const payments = (orderId: string) => count('select count(*)::int as n from parking_order_payment where order_id = $1', [orderId]);

  it('an order closed after the simulator read it is left closed: no payment, no coupon used', async () => {
    const o = await inPark();
    const close = await post(`/api/order/ParkingOrder/${o.id}/Actions/Close`, { reason: '车辆已从侧门离开' });
    expect(close.body.code, close.body.msg).toBe(200);
    await leave(db, o, Date.now());
    const row = await orderRow(db, o.id);
    expect(Number(row.state)).toBe(ORDER_STATE.CLOSED);
    expect(await payments(o.id)).toBe(0);
    expect(await count('select count(*)::int as n from parking_order_coupon where order_id = $1', [o.id])).toBe(0);
  });

  it('a console close racing the simulated exit of the same order: one of them settles it', async () => {
    for (let i = 0; i < 5; i++) {
      const o = await inPark();
      const [close] = await Promise.all([
        post(`/api/order/ParkingOrder/${o.id}/Actions/Close`, { reason: '人工结单' }),
        leave(db, o, Date.now()),
      ]);
      const row = await orderRow(db, o.id);
      if (close.body.code === 200) {
        expect(Number(row.state)).toBe(ORDER_STATE.CLOSED);
        expect(await payments(o.id)).toBe(0);
      } else {
        expect(close.body.msg).toMatch(/^订单当前状态为“.+”，不能手动结单$/);
        expect(Number(row.state)).not.toBe(ORDER_STATE.CLOSED);
        expect(await payments(o.id)).toBeLessThanOrEqual(1);
      }
      expect(Number(row.receivable_cents)).toBe(Number(row.discount_cents) + Number(row.paid_cents) + Number(row.owed_cents));
    }
  });
});

describe('an edit beside a payment', () => {
  it('an edit racing a card payment: the card keeps the terms it was paid for', async () => {
    for (let i = 0; i < 3; i++) {
      const id = await openMonthCard();
      const start = addDays(TODAY, 3);
      const [edit, pay] = await Promise.all([
        call(app, 'PUT', `/api/card/MonthCard/${id}`, { token: admin, json: { startDate: start, periods: 2 } }),
        cardAct('MonthCard', id, 'Pay', { channel: 1 }),
      ]);
      expect(pay.body.code, pay.body.msg).toBe(200);
      const c = (await db.query<Record<string, unknown>>('select * from month_card where id = $1', [id])).rows[0];
      const p = (await db.query<Record<string, unknown>>('select * from card_payment where card_id = $1', [id])).rows[0];
      expect([chinaDate((c.start_date as Date).getTime()), chinaDate((c.end_date as Date).getTime()), Number(c.amount_cents)]).toEqual([
        chinaDate((p.period_start as Date).getTime()),
        chinaDate((p.period_end as Date).getTime()),
        Number(p.amount_cents),
      ]);
      if (edit.body.code !== 200) expect(edit.body.msg).toMatch(/已支付/);
    }
  });
});

describe('a delete beside a payment', () => {
  it('a delete racing a card payment: a paid card survives, or the deleted card takes no payment', async () => {
    for (let i = 0; i < 5; i++) {
      const id = await openMonthCard();
      const [del, pay] = await Promise.all([
        call(app, 'DELETE', `/api/card/MonthCard/${id}`, { token: admin }),
        cardAct('MonthCard', id, 'Pay', { channel: 1 }),
      ]);
      const card = (await db.query<{ status: number }>('select status from month_card where id = $1', [id])).rows[0];
      const paid = await count('select count(*)::int as n from card_payment where card_id = $1', [id]);
      // exactly one of them wins, whichever ran first under the card's lock
      expect(
        [del.body.code, pay.body.code].filter((c) => c === 200),
        `${del.body.msg} / ${pay.body.msg}`,
      ).toHaveLength(1);
      if (pay.body.code === 200) {
        expect(del.body.msg).toBe('只能删除待支付的月卡；已支付的月卡请冻结或退款');
        expect(Number(card?.status)).not.toBe(CARD_STATUS.PENDING_PAY);
        expect(paid).toBe(1);
      } else {
        expect(pay.body).toMatchObject({ code: 404, msg: '记录不存在' });
        expect(card).toBeUndefined();
        // no payment row left behind for a card that is gone
        expect(paid).toBe(0);
      }
    }
  });
});

describe('idempotent money writes', () => {
  const parallel = (n: number, f: () => Promise<{ body: { code: number; msg: string } }>) => Promise.all(Array.from({ length: n }, f));

  it('20 retries of a merchant top-up under one key: one ledger row, every answer the first one', async () => {
    const m = await post('/api/coupon/Merchant', { merchantName: `幂等商户${++seq}`, parkingIds: [TEST_LOT] });
    const id = m.body.data.id;
    const answers = await parallel(20, () =>
      post(`/api/coupon/Merchant/${id}/Actions/TopUp`, { amountCents: 10000 }, admin, `topup-${id}`),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a.body)))).toEqual(new Set([JSON.stringify(answers[0].body)]));
    expect(answers[0].body.code).toBe(200);
    expect(await count('select count(*)::int as n from merchant_ledger where merchant_id = $1', [id])).toBe(1);
    expect(await count('select balance::int as n from merchant where id = $1', [id])).toBe(10000);
    // the same key for another amount is refused and moves nothing
    const other = await post(`/api/coupon/Merchant/${id}/Actions/TopUp`, { amountCents: 20000 }, admin, `topup-${id}`);
    expect(other.body.code).toBe(422);
    expect(await count('select balance::int as n from merchant where id = $1', [id])).toBe(10000);
  });

  it('20 retries of a partial arrears payment under one key: one payment', async () => {
    const orderId = await insertTestOrder(db, {
      state: ORDER_STATE.UNPAID_WAITING,
      receivable: 1000,
      plate: plate(),
      entry: new Date(Date.now() - 30 * HOUR),
    });
    await createDueArrears(db);
    const debt = (await db.query<{ id: string }>('select id from arrears_record where order_id = $1', [orderId])).rows[0].id;
    const answers = await parallel(20, () =>
      post(`/api/arrears/ArrearsRecord/${debt}/Actions/Pay`, { amountCents: 300, channel: 3 }, admin, `arrears-${debt}`),
    );
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    expect(await count('select count(*)::int as n from parking_order_payment where order_id = $1', [orderId])).toBe(1);
    expect(Number((await orderRow(db, orderId)).owed_cents)).toBe(700);
  });

  it('20 retries of a card payment and of a renewal under one key each: one payment each', async () => {
    const id = await openMonthCard();
    const pays = await parallel(20, () => cardAct('MonthCard', id, 'Pay', { channel: 1 }, `pay-${id}`));
    expect(pays.every((a) => a.body.code === 200)).toBe(true);
    const renewals = await parallel(20, () => cardAct('MonthCard', id, 'Renew', { channel: 1, periods: 1 }, `renew-${id}`));
    expect(renewals.every((a) => a.body.code === 200)).toBe(true);
    expect(await count('select count(*)::int as n from card_payment where card_id = $1', [id])).toBe(2);
  });

  it('a malformed key is refused before anything runs', async () => {
    const id = await openMonthCard();
    const res = await cardAct('MonthCard', id, 'Pay', { channel: 1 }, 'bad key!');
    expect(res.body.code).toBe(400);
    expect(await count('select count(*)::int as n from card_payment where card_id = $1', [id])).toBe(0);
  });
});

describe('refunds handed to WeChat Pay', () => {
  it('two refunds of one order go to the channel at least a minute apart', async () => {
    const orderId = await insertTestOrder(db, { state: ORDER_STATE.COMPLETED, receivable: 2000, paid: 2000, plate: plate() });
    const paymentId = (await db.query<{ id: string }>('select id from parking_order_payment where order_id = $1', [orderId])).rows[0].id;
    const ids: string[] = [];
    for (const amountCents of [300, 400]) {
      const r = await post('/api/refund/Refunds', { orderId, paymentId, amountCents, reasonCode: 2, reason: '多收了' });
      expect(r.body.code, r.body.msg).toBe(200);
      expect((await post(`/api/refund/Refunds/${r.body.data.id}/Actions/Approve`, { reason: '' }, checker)).body.code).toBe(200);
      ids.push(r.body.data.id);
    }
    const sent = () =>
      count(
        `select count(*)::int as n from refund_channel_request c join parking_order_refund r on r.refund_no = c.refund_no where r.order_id = $1`,
        [orderId],
      );
    const quiet = { everyMs: 0, delayMs: 3_600_000, failPercent: 0, duplicatePercent: 0 };
    const t0 = Date.now();
    await settleRefunds(db, quiet, new Date(t0));
    await settleRefunds(db, quiet, new Date(t0 + 30_000));
    expect(await sent()).toBe(1);
    await settleRefunds(db, quiet, new Date(t0 + 61_000));
    expect(await sent()).toBe(2);
  });
});
