import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { md5Hex } from '../lib/password.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { REFUND_STATE } from '../../domain/refund-codes.ts';
import { OUT_OF_SCOPE } from '../resource/lot-scope.ts';
import { type RefundChannelOptions, settleRefunds } from '../refunds/channel-sim.ts';
import { takeChannelAnswer } from '../refunds/transitions.ts';
import { call, login, signInLotLimitedUser, withTestServer } from './helpers.ts';
import { TEST_LOT, insertTestOrder, orderRow } from './order-fixtures.ts';

/**
 * Refunds end to end on the server: applied by one user, approved by another, paid by the
 * simulated channel under the refund number, never twice (parallel approvals, a channel answering
 * twice, a failure retried), each action behind its button and the caller's lots.
 */

let app: FastifyInstance;
let db: Db;
let admin = '';
let operator = '';
let checker = '';
withTestServer((s) => ({ app, db, admin, operator } = s));

const QUIET: RefundChannelOptions = { everyMs: 0, delayMs: 0, failPercent: 0, duplicatePercent: 0 };

async function makeUser(account: string, roleIds: string[]): Promise<string> {
  const res = await call(app, 'POST', '/api/system/Permission/Users', {
    token: admin,
    json: { account, realName: `${account}复核`, roleIds, userPassword: md5Hex('Chk12345'), validatePassword: md5Hex('Chk12345') },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return login(app, account, 'Chk12345');
}

beforeAll(async () => {
  checker = await makeUser('refundchecker', ['r-admin']);
});

const paidOrder = (paid = 1000, lot = TEST_LOT) => insertTestOrder(db, { state: ORDER_STATE.COMPLETED, receivable: paid, paid, lot });

async function apply(orderId: string, amountCents: number, token = admin) {
  const paymentId = (await db.query<{ id: string }>('select id from parking_order_payment where order_id = $1', [orderId])).rows[0].id;
  return call(app, 'POST', '/api/refund/Refunds', { token, json: { orderId, paymentId, amountCents, reasonCode: 2, reason: '多收了' } });
}

async function applied(orderId: string, amountCents: number): Promise<string> {
  const res = await apply(orderId, amountCents);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as string;
}

const act = (id: string, action: string, token = checker, reason = '') =>
  call(app, 'POST', `/api/refund/Refunds/${id}/Actions/${action}`, { token, json: { reason } });

const refund = async (id: string) =>
  (await db.query<Record<string, unknown>>('select * from parking_order_refund where id = $1', [id])).rows[0];

const payouts = async (refundNo: string) =>
  Number(
    (await db.query<{ n: number }>('select count(*)::int as n from refund_channel_payout where refund_no = $1', [refundNo])).rows[0].n,
  );

const auditActions = async (orderId: string) =>
  (
    await db.query<{ action: string }>('select action from parking_order_audit where order_id = $1 order by operate_time, id', [orderId])
  ).rows.map((r) => r.action);

const money = async (orderId: string) => {
  const o = await orderRow(db, orderId);
  return {
    receivable: Number(o.receivable_cents),
    paid: Number(o.paid_cents),
    refunded: Number(o.refunded_cents),
    owed: Number(o.owed_cents),
  };
};

describe('refunds', () => {
  it('the demo history’s refunds agree with their orders, payments and audit', async () => {
    const { rows } = await db.query<{ status: number; n: number; over: number; unaudited: number; mismatch: number }>(
      `select r.status, count(*)::int as n,
              count(*) filter (where r.amount_cents > p.value_cents)::int as over,
              count(*) filter (where not exists (select 1 from parking_order_audit a where a.order_id = r.order_id and a.action = 'refund'))::int as unaudited,
              count(*) filter (where r.status = ${REFUND_STATE.REFUNDED} and o.refunded_cents <> r.amount_cents)::int as mismatch
         from parking_order_refund r join parking_order_payment p on p.id = r.payment_id join parking_order o on o.id = r.order_id
        where r.id like 'rf-s%' group by r.status`,
    );
    expect(rows.map((r) => r.status)).toContain(REFUND_STATE.REFUNDED);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.over === 0 && r.unaudited === 0 && r.mismatch === 0)).toBe(true);
    const broken = await db.query(`select 1 from parking_order where receivable_cents <> discount_cents + paid_cents + owed_cents`);
    expect(broken.rows).toHaveLength(0);
  });

  it('a partial refund applied by one user, approved by another, is paid by the channel and counted on the order once (应收 stays)', async () => {
    const orderId = await paidOrder(1000);
    const id = await applied(orderId, 300);
    expect(await refund(id)).toMatchObject({ status: REFUND_STATE.APPLIED, reason: '多收费用：多收了', reason_code: 2 });
    expect(Number((await refund(id)).amount_cents)).toBe(300);
    // the applicant may not approve their own request
    expect((await act(id, 'Approve', admin)).body).toMatchObject({
      code: 400,
      msg: '申请人不能审核自己的退款申请，请由其他有审核权限的用户审核',
    });
    expect((await refund(id)).status).toBe(REFUND_STATE.APPLIED);
    expect((await act(id, 'Approve')).body).toMatchObject({ code: 200, data: { statusLabel: '退款中' } });
    const r = await refund(id);
    expect(r).toMatchObject({ status: REFUND_STATE.REFUNDING, attempts: 1, approver: 'refundchecker复核（refundchecker）' });
    // acceptance is not success: nothing has left until the channel answers
    expect(await money(orderId)).toEqual({ receivable: 1000, paid: 1000, refunded: 0, owed: 0 });
    await settleRefunds(db, QUIET);
    expect((await refund(id)).status).toBe(REFUND_STATE.REFUNDED);
    expect(await money(orderId)).toEqual({ receivable: 1000, paid: 1000, refunded: 300, owed: 0 });
    expect(await payouts(r.refund_no as string)).toBe(1);
    // the export holds the refund as the list shows it, in yuan and China time
    const file = await app.inject({
      url: `/api/refund/Refunds/Actions/Export?keyword=${r.refund_no as string}`,
      headers: { authorization: admin },
    });
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('退款记录')!;
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(
      expect.arrayContaining([r.refund_no, '3.00', '已退款', expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)]),
    );
    expect(await auditActions(orderId)).toEqual(['refund', 'refund.approve', 'refund.send', 'refund.succeed']);
    const details = (await call(app, 'GET', `/api/order/ParkingOrder/${orderId}`, { token: admin })).body.data;
    // 应收 is what the stay cost; 实收 (net) and 已退款 show the refund, and the amounts add up
    expect(details).toMatchObject({ receivableCents: 1000, refundedCents: 300, netPaidCents: 700, refundableCents: 700 });
    expect(details.receivableCents).toBe(details.discountCents + details.netPaidCents + details.refundedCents + details.owedCents);
    expect(details.refunds).toEqual([expect.objectContaining({ refundNo: r.refund_no, amountCents: 300, statusLabel: '已退款' })]);
    expect(details.audits.at(-1)).toMatchObject({
      actionLabel: '退款成功',
      before: expect.objectContaining({ paidCents: 1000, refundStatusLabel: '退款中' }),
      after: expect.objectContaining({ paidCents: 700, refundedCents: 300, refundStatusLabel: '已退款' }),
    });
    // a second refund may take only what is left of that payment
    expect((await apply(orderId, 701)).body).toMatchObject({ code: 400, msg: expect.stringContaining('可退金额7.00元') });
  });

  it('a card payment is refunded like an order’s: applied, approved by another user, paid once, audited on the card', async () => {
    const p = (
      await db.query<{ id: string; card_id: string; card_no: string; amount_cents: string }>(
        `select id, card_id, card_no, amount_cents from card_payment where channel = 1 and amount_cents >= 1000 order by id limit 1`,
      )
    ).rows[0];
    const applyCard = (amountCents: number, token = admin) =>
      call(app, 'POST', '/api/refund/CardRefunds', {
        token,
        json: { cardPaymentId: p.id, amountCents, reasonCode: 5, reason: '车主退租' },
      });
    expect((await applyCard(Number(p.amount_cents) + 1)).body).toMatchObject({ code: 400, msg: expect.stringContaining('可退金额') });
    const res = await applyCard(500);
    expect(res.body.code, res.body.msg).toBe(200);
    const id = res.body.data.id as string;
    expect(await refund(id)).toMatchObject({ order_id: null, card_payment_id: p.id, card_no: p.card_no, status: REFUND_STATE.APPLIED });
    // the review queue finds it by the card number; the applicant may not approve it
    const queue = await call(app, 'GET', `/api/refund/Refunds?status=0&keyword=${p.card_no}`, { token: admin });
    expect(queue.body.data.list.map((r: { id: string }) => r.id)).toContain(id);
    expect((await act(id, 'Approve', admin)).body.code).toBe(400);
    expect((await act(id, 'Approve')).body.code).toBe(200);
    await settleRefunds(db, QUIET);
    expect((await refund(id)).status).toBe(REFUND_STATE.REFUNDED);
    const paid = async () =>
      Number((await db.query<{ r: string }>('select refunded_cents as r from card_payment where id = $1', [p.id])).rows[0].r);
    expect(await paid()).toBe(500);
    expect(await payouts((await refund(id)).refund_no as string)).toBe(1);
    const history = (await call(app, 'GET', `/api/card/MonthCard/${p.card_id}/History`, { token: admin })).body.data;
    expect(history.payments.find((x: { id: string }) => x.id === p.id)).toMatchObject({
      refundedCents: 500,
      refundableCents: Number(p.amount_cents) - 500,
    });
    expect(history.audits.map((a: { actionLabel: string }) => a.actionLabel)).toEqual(
      expect.arrayContaining(['申请退款', '退款审核通过', '退款成功']),
    );
  });

  it('a group card’s payment is refunded the same way, and its 记录 shows what was paid back', async () => {
    const p = (
      await db.query<{ id: string; card_id: string; amount_cents: string }>(
        `select id, card_id, amount_cents from card_payment where card_kind = 'group' and amount_cents > 1000 order by id limit 1`,
      )
    ).rows[0];
    const res = await call(app, 'POST', '/api/refund/CardRefunds', {
      token: admin,
      json: { cardPaymentId: p.id, amountCents: 1000, reasonCode: 5, reason: '单位退租' },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    const id = res.body.data.id as string;
    expect((await act(id, 'Approve')).body.code).toBe(200);
    await settleRefunds(db, QUIET);
    expect((await refund(id)).status).toBe(REFUND_STATE.REFUNDED);
    const history = (await call(app, 'GET', `/api/card/GroupCard/${p.card_id}/History`, { token: admin })).body.data;
    expect(history.payments.find((x: { id: string }) => x.id === p.id)).toMatchObject({
      refundedCents: 1000,
      refundableCents: Number(p.amount_cents) - 1000,
    });
    expect(history.audits.map((a: { actionLabel: string }) => a.actionLabel)).toEqual(expect.arrayContaining(['申请退款', '退款成功']));
  });

  it('all that a card payment gives back is refunded only once the card is frozen: it covers no stay after', async () => {
    const p = (
      await db.query<{ id: string; card_id: string; card_no: string; amount_cents: string }>(
        `select p.id, p.card_id, p.card_no, p.amount_cents from card_payment p join month_card c on c.id = p.card_id
          where c.status = 1 and p.amount_cents > 0 and p.refunded_cents = 0
            and not exists (select 1 from parking_order_refund r where r.card_payment_id = p.id)
          order by p.id limit 1`,
      )
    ).rows[0];
    const apply = () =>
      call(app, 'POST', '/api/refund/CardRefunds', {
        token: admin,
        json: { cardPaymentId: p.id, amountCents: Number(p.amount_cents), reasonCode: 5, reason: '车主退租' },
      });
    expect((await apply()).body).toMatchObject({
      code: 400,
      msg: `退还这笔缴费的全部可退金额前，请先冻结${p.card_no}（冻结后不再抵扣停车费）`,
    });
    const freeze = await call(app, 'POST', `/api/card/MonthCard/${p.card_id}/Actions/Freeze`, {
      token: admin,
      json: { reason: '车主退租' },
    });
    expect(freeze.body.code, freeze.body.msg).toBe(200);
    expect((await apply()).body.code).toBe(200);
  });

  it('the keyword finds a refund by its number, its order’s number or the start of its plate', async () => {
    const r = (
      await db.query<{ id: string; refund_no: string; order_no: string; plate_no: string }>(
        `select r.id, r.refund_no, o.order_no, o.plate_no from parking_order_refund r join parking_order o on o.id = r.order_id where r.id like 'rf-s%' order by r.id limit 1`,
      )
    ).rows[0];
    for (const keyword of [r.refund_no, r.order_no, r.plate_no.slice(0, 4)]) {
      const res = await call(app, 'GET', `/api/refund/Refunds?pageSize=100&keyword=${encodeURIComponent(keyword)}`, { token: admin });
      expect(
        res.body.data.list.map((x: { id: string }) => x.id),
        keyword,
      ).toContain(r.id);
    }
    const none = await call(app, 'GET', `/api/refund/Refunds?keyword=NOSUCHNO`, { token: admin });
    expect(none.body.data.pagination.total).toBe(0);
  });

  it('the demo finance account approves a refund the operator applied for', async () => {
    const finance = await login(app, 'finance', 'finance123');
    const orderId = await paidOrder(1200);
    const res = await apply(orderId, 200, operator);
    expect(res.body.code, res.body.msg).toBe(200);
    expect((await act(res.body.data.id, 'Approve', finance)).body.code).toBe(200);
    // the finance account applies for none itself
    expect((await apply(orderId, 100, finance)).status).toBe(403);
  });

  it('20 parallel approvals of one refund: one succeeds, the others are told why, and the channel pays once', async () => {
    const orderId = await paidOrder(2000);
    const id = await applied(orderId, 500);
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(id, 'Approve')));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 200))
      expect(a.body).toMatchObject({ code: 400, msg: '退款单当前状态为“退款中”，不能通过' });
    await settleRefunds(db, QUIET);
    await settleRefunds(db, QUIET);
    expect(await payouts((await refund(id)).refund_no as string)).toBe(1);
    expect(await money(orderId)).toEqual({ receivable: 2000, paid: 2000, refunded: 500, owed: 0 });
  });

  it('a channel that answers twice makes one refund', async () => {
    const orderId = await paidOrder(1000);
    const id = await applied(orderId, 400);
    await act(id, 'Approve');
    await settleRefunds(db, { ...QUIET, duplicatePercent: 100 });
    expect(await money(orderId)).toEqual({ receivable: 1000, paid: 1000, refunded: 400, owed: 0 });
    expect((await auditActions(orderId)).filter((a) => a === 'refund.succeed')).toHaveLength(1);
    expect(await payouts((await refund(id)).refund_no as string)).toBe(1);
  });

  it('a failed refund is retried under the same number and paid once', async () => {
    const orderId = await paidOrder(1000);
    const id = await applied(orderId, 250);
    await act(id, 'Approve');
    const refundNo = (await refund(id)).refund_no as string;
    await settleRefunds(db, { ...QUIET, failPercent: 100 });
    expect(await refund(id)).toMatchObject({ status: REFUND_STATE.FAILED, refund_no: refundNo });
    expect((await refund(id)).fail_reason).not.toBe('');
    expect(await money(orderId)).toEqual({ receivable: 1000, paid: 1000, refunded: 0, owed: 0 });
    // a failed refund still holds its amount: it may be paid on retry
    expect((await apply(orderId, 751)).body.msg).toContain('可退金额7.50元');
    expect((await act(id, 'Retry')).body).toMatchObject({ code: 200, data: { statusLabel: '退款中' } });
    // a late copy of the first attempt's failure, arriving while the retry is under way, changes nothing
    expect(
      await takeChannelAnswer(db, { refundNo, attempt: 1, outcome: 'FAIL', channelSerial: 'late', failReason: '迟到的失败通知' }),
    ).toBe('ignored');
    expect((await refund(id)).status).toBe(REFUND_STATE.REFUNDING);
    await settleRefunds(db, QUIET);
    expect(await refund(id)).toMatchObject({ status: REFUND_STATE.REFUNDED, refund_no: refundNo, attempts: 2 });
    expect(await payouts(refundNo)).toBe(1);
    const asked = await db.query<{ attempt: number }>('select attempt from refund_channel_request where refund_no = $1 order by attempt', [
      refundNo,
    ]);
    expect(asked.rows.map((a) => a.attempt)).toEqual([1, 2]);
    expect(await money(orderId)).toEqual({ receivable: 1000, paid: 1000, refunded: 250, owed: 0 });
    expect((await act(id, 'Retry')).body).toMatchObject({ code: 400, msg: '退款单当前状态为“已退款”，不能重试' });
  });

  it('a rejection needs a reason and gives the amount back; a cash refund is recorded on approval', async () => {
    const orderId = await paidOrder(1000);
    const id = await applied(orderId, 1000);
    expect((await act(id, 'Reject')).body).toMatchObject({ code: 400, msg: '驳回原因不能为空' });
    expect((await act(id, 'Reject', checker, '金额有误')).body.code).toBe(200);
    expect(await refund(id)).toMatchObject({ status: REFUND_STATE.REJECTED, audit_comment: '金额有误' });
    expect((await act(id, 'Approve')).body.msg).toBe('退款单当前状态为“已驳回”，不能通过');
    const cash = await paidOrder(800);
    await db.query('update parking_order_payment set channel = 3 where order_id = $1', [cash]);
    const cashId = await applied(cash, 800);
    expect((await act(cashId, 'Approve')).body.data.statusLabel).toBe('已退款');
    expect(await money(cash)).toEqual({ receivable: 800, paid: 800, refunded: 800, owed: 0 });
    expect(await payouts((await refund(cashId)).refund_no as string)).toBe(0);
  });

  it('each action needs its button: 403 and nothing changed without it', async () => {
    const orderId = await paidOrder(1000);
    const id = await applied(orderId, 100);
    // the operator may apply (refund:add) but holds none of the audit buttons
    for (const action of ['Approve', 'Reject', 'Retry', 'Close']) expect((await act(id, action, operator, '理由')).body.code).toBe(403);
    const role = await call(app, 'POST', '/api/system/Role', {
      token: admin,
      json: { fullName: '退款查看', enCode: 'refundViewer', menuIds: ['m-refund', 'm-refundApply', 'm-refundAudit'] },
    });
    const viewer = await makeUser('refundviewer', [role.body.data.id]);
    expect((await call(app, 'GET', '/api/refund/Refunds', { token: viewer })).body.code).toBe(200);
    expect((await apply(orderId, 100, viewer)).body.code).toBe(403);
    const cardPayment = (await db.query<{ id: string }>('select id from card_payment order by id limit 1')).rows[0].id;
    const cardRefund = { cardPaymentId: cardPayment, amountCents: 100, reasonCode: 2 };
    expect((await call(app, 'POST', '/api/refund/CardRefunds', { token: viewer, json: cardRefund })).body.code).toBe(403);
    expect((await refund(id)).status).toBe(REFUND_STATE.APPLIED);
    expect(
      Number(
        (await db.query<{ n: number }>('select count(*)::int as n from parking_order_refund where order_id = $1', [orderId])).rows[0].n,
      ),
    ).toBe(1);
  });

  it('a user of other lots neither sees, applies for nor approves a lot’s refunds', async () => {
    const orderId = await paidOrder(1000);
    const id = await applied(orderId, 100);
    const elsewhere = await signInLotLimitedUser(app, admin, 'refundelsewhere', ['p-ns-hac-02']);
    const listed = (await call(app, 'GET', '/api/refund/Refunds?pageSize=100', { token: elsewhere })).body.data.list as { id: string }[];
    expect(listed.map((r) => r.id)).not.toContain(id);
    expect((await act(id, 'Approve', elsewhere)).body).toMatchObject({ code: 403, msg: OUT_OF_SCOPE });
    expect((await apply(orderId, 100, elsewhere)).body).toMatchObject({ code: 403, msg: OUT_OF_SCOPE });
    expect((await call(app, 'GET', `/api/refund/Orders/${orderId}/Payments`, { token: elsewhere })).body.code).toBe(403);
    // a card payment of another lot neither
    const card = (await db.query<{ id: string }>(`select id from card_payment where parking_id <> 'p-ns-hac-02' order by id limit 1`))
      .rows[0];
    const cardRefund = { cardPaymentId: card.id, amountCents: 100, reasonCode: 2 };
    expect((await call(app, 'POST', '/api/refund/CardRefunds', { token: elsewhere, json: cardRefund })).body).toMatchObject({
      code: 403,
      msg: OUT_OF_SCOPE,
    });
    expect((await refund(id)).status).toBe(REFUND_STATE.APPLIED);
    // the applicant's lot sees it, with the queue's columns
    const mine = (await call(app, 'GET', `/api/refund/Refunds?status=0&keyword=${(await refund(id)).refund_no}`, { token: checker })).body
      .data.list;
    expect(mine).toEqual([
      expect.objectContaining({
        id,
        amountCents: 100,
        statusLabel: '已申请',
        reasonLabel: '多收费用',
        applicant: '系统管理员（admin）',
        plateNo: '粤B7T001',
        orderNo: expect.stringMatching(/^T/),
      }),
    ]);
  });
});
