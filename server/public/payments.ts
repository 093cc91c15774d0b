import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { ApiError, badRequest, notFound } from '../lib/envelope.ts';
import { type ExitPayment, type OpenOrder, payInPark, settleExit } from '../orders/settlement.ts';
import { payDebt } from '../arrears/actions.ts';
import { recordOrder } from '../arrears/create.ts';
import { OPEN_STATUSES } from '../../domain/arrears-codes.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import type { PublicBill } from '../../domain/public-bill.ts';
import { billOf, payableDebts, priceOpenStay, stayById, stayByToken } from './bill.ts';
import { applyRenewal, renewalOfPayment } from './card-renewal.ts';
import { newTradeNo } from './trade-no.ts';

/**
 * Payments from a driver's phone or a collector's handheld, through a pay provider (simulated
 * here, as WeChat Pay / Alipay behave): a payment is created for the bill as it was shown (the stay
 * and the plate's open debts), the wallet pays it, and the provider's notify — which may repeat,
 * arrive late or not at all — pays it exactly once: a conditional update from "awaiting" whose row
 * count is checked, a unique provider transaction id, the amount checked against the bill. The
 * money then moves through the one path of each kind: the debts by payDebt, the stay by the
 * settlement service (the car at the barrier leaves; elsewhere it is paid in the lot).
 */

export const PUBLIC_OPERATOR = '车主自助缴费';
/** the demo provider's signing secret; a real deployment's comes from its provider account */
const NOTIFY_SECRET = 'parking-console-simulated-provider';
/** a payment not notified after this long is asked about by the page's poll (the provider's query) */
const QUERY_AFTER_MS = 3000;
/** a payment the wallet has not paid within this long is closed (the answer of POST /api/public/Pay says when) */
export const PAY_EXPIRES_MS = 15 * 60_000;

export interface PaymentRow {
  out_trade_no: string;
  order_id: string;
  lane_id: string | null;
  arrears: { id: string; cents: number }[];
  stay_cents: number;
  arrears_cents: number;
  amount_cents: number;
  billed_at: Date;
  channel: number;
  collector: string;
  status: 'awaiting' | 'paid' | 'closed';
  provider_txn_id: string | null;
  paid_at: Date | null;
  outcome: string;
  unapplied_cents: number;
  refund_state: number;
  refunded_at: Date | null;
  refund_operator: string;
  refund_reason: string;
  /** a monthly card renewed from the phone (card-renewal.ts): the card, its periods and price */
  card_id: string | null;
  renew_periods: number;
  renew_cents: number;
  create_time: Date;
}

const num = (r: PaymentRow): PaymentRow => ({
  ...r,
  stay_cents: Number(r.stay_cents),
  arrears_cents: Number(r.arrears_cents),
  amount_cents: Number(r.amount_cents),
  unapplied_cents: Number(r.unapplied_cents),
  refund_state: Number(r.refund_state),
  renew_periods: Number(r.renew_periods),
  renew_cents: Number(r.renew_cents),
});

async function paymentOf(db: Db, outTradeNo: string, lock = false): Promise<PaymentRow | null> {
  const { rows } = await db.query<PaymentRow>(`select * from public_payment where out_trade_no = $1${lock ? ' for update' : ''}`, [
    outTradeNo,
  ]);
  return rows[0] ? num(rows[0]) : null;
}

/** A payment of the bill of order `token` as it stands now; answers the trade number and amount. */
export async function createPayment(
  db: Db,
  req: FastifyRequest,
  token: string,
  channel: number,
  collector = '',
): Promise<{ outTradeNo: string; amountCents: number; bill: PublicBill }> {
  const stay = await stayByToken(db, token);
  if (!stay) throw new ApiError(404, '订单不存在');
  if (stay.exited) throw badRequest('车辆已离场，无需在此缴费');
  const now = Date.now();
  const bill = await billOf(db, req, stay, now);
  if (bill.dueCents <= 0) throw badRequest('当前无需缴费');
  const debts = await payableDebts(db, req, stay.plateNo, stay.parkingId);
  const { rows: lane } = await db.query<{ lane_id: string }>('select lane_id from lane_presence where order_id = $1', [stay.id]);
  const outTradeNo = newTradeNo();
  await db.query(
    `insert into public_payment (out_trade_no, order_id, lane_id, arrears, stay_cents, arrears_cents, amount_cents, billed_at, channel, collector)
     values ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8 / 1000.0), $9, $10)`,
    [
      outTradeNo,
      stay.id,
      lane[0]?.lane_id ?? null,
      JSON.stringify(debts.map((d) => ({ id: d.id, cents: d.owedCents }))),
      bill.order!.payableCents,
      bill.arrearsCents,
      bill.dueCents,
      now,
      channel,
      collector,
    ],
  );
  return { outTradeNo, amountCents: bill.dueCents, bill };
}

/** The provider's notify: what it signs, and how the server checks it. */
export interface Notify {
  outTradeNo: string;
  transactionId: string;
  amountCents: number;
  sign: string;
}

const signOf = (n: Omit<Notify, 'sign'>): string =>
  createHmac('sha256', NOTIFY_SECRET).update(`${n.outTradeNo}|${n.transactionId}|${n.amountCents}`).digest('hex');

export const signedNotify = (n: Omit<Notify, 'sign'>): Notify => ({ ...n, sign: signOf(n) });

function signed(n: Notify): boolean {
  const want = Buffer.from(signOf(n));
  const got = Buffer.from(String(n.sign));
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * Takes the provider's notify: 'SUCCESS' when the payment is paid (now, or by an earlier notify of
 * the same transaction), 'FAIL' with why otherwise; a refused notify changes nothing.
 */
export async function takeNotify(
  db: Db,
  n: Notify,
  log?: FastifyBaseLogger,
  req?: FastifyRequest,
): Promise<{ result: 'SUCCESS' | 'FAIL'; msg: string }> {
  if (!signed(n)) return { result: 'FAIL', msg: '签名错误' };
  return db.transaction(async (tx) => {
    const p = await paymentOf(tx, n.outTradeNo, true);
    if (!p) return { result: 'FAIL', msg: '订单不存在' };
    if (p.status === 'paid')
      return p.provider_txn_id === n.transactionId ? { result: 'SUCCESS', msg: '已处理' } : { result: 'FAIL', msg: '交易号不符' };
    if (p.status !== 'awaiting') return { result: 'FAIL', msg: '支付单已关闭' };
    if (Number(n.amountCents) !== p.amount_cents) {
      log?.warn({ outTradeNo: p.out_trade_no, notified: n.amountCents, billed: p.amount_cents }, 'pay notify refused: amount differs');
      // kept in the operation log (the order's record), in this transaction: the refusal commits with it
      await writeOperLog(tx, req ?? null, {
        action: 'update',
        module: 'parkingOrder',
        recordId: p.order_id,
        user: req?.auth ? undefined : { id: null, account: '支付平台回调' },
        detail: `拒绝支付回调：支付单${p.out_trade_no}，交易号${String(n.transactionId).slice(0, 64)}，回调金额${Number(n.amountCents)}分，应付${p.amount_cents}分（金额不符）`,
      });
      return { result: 'FAIL', msg: '金额不符' };
    }
    const paid = await tx.query(
      `update public_payment set status = 'paid', provider_txn_id = $2, paid_at = now() where out_trade_no = $1 and status = 'awaiting'`,
      [p.out_trade_no, n.transactionId],
    );
    if (paid.rowCount !== 1) throw new Error(`payment ${p.out_trade_no} changed under its lock`);
    const { outcome, unappliedCents } = await apply(tx, p, n.transactionId);
    const done = await tx.query(
      `update public_payment set outcome = $2, unapplied_cents = $3 where out_trade_no = $1 and status = 'paid' and unapplied_cents = 0`,
      [p.out_trade_no, outcome, unappliedCents],
    );
    if (done.rowCount !== 1) throw new Error(`payment ${p.out_trade_no} changed under its lock`);
    if (unappliedCents > 0)
      log?.warn(
        { outTradeNo: p.out_trade_no, outcome, unappliedCents },
        'payment taken but not applied: refund it (退款审核 › 未入账支付)',
      );
    return { result: 'SUCCESS', msg: '成功' };
  });
}

/**
 * The money moves: the debts as billed, then the stay (an exit at the barrier, else paid in the
 * lot). What could not go where it was billed for is answered as `unappliedCents` (a debt paid
 * meanwhile at the desk; a stay whose order moved on): a stay whose car left owing first pays that
 * order's own debt (money-and-charging.md §3.1: the late payment goes to the same plate's arrears),
 * the rest is held for the driver, to be refunded from the console.
 */
async function apply(tx: Db, p: PaymentRow, txnId: string): Promise<{ outcome: string; unappliedCents: number }> {
  if (p.card_id) return applyRenewal(tx, p, txnId);
  const operator = p.collector || PUBLIC_OPERATOR;
  const notes: string[] = [];
  let unappliedCents = 0;
  const stayLot = p.arrears.length ? await lotOfOrder(tx, p.order_id) : '';
  // debts paid with a stay are recovered where the stay is; paid alone at the kerb, each in its own lot
  const alone = p.stay_cents === 0 && !p.lane_id;
  for (const d of p.arrears) {
    try {
      const lotId = alone ? await lotOfDebt(tx, d.id) : stayLot;
      await payDebt(tx, d.id, { amountCents: d.cents, channel: p.channel, lotId, operator });
    } catch (e) {
      // refused before it wrote anything (paid meanwhile at the desk, disputed): that part is left over
      if (!(e instanceof ApiError)) throw e;
      notes.push(`unapplied debt ${d.id}: ${e.message}`);
      unappliedCents += d.cents;
    }
  }
  const finish = (applied: string) =>
    unappliedCents > 0
      ? { outcome: `unapplied: ${notes.join('; ')}`, unappliedCents }
      : { outcome: notes.join('; ') || applied, unappliedCents };
  if (p.stay_cents === 0 && !p.lane_id) return finish('debts');
  const payment: ExitPayment | null = p.stay_cents ? { channel: p.channel, amountCents: p.stay_cents, serialNo: txnId, operator } : null;
  const billed = p.billed_at.getTime();
  const decide = async (t: Db, o: OpenOrder) => ({ bill: (await priceOpenStay(t, openStayOf(o), billed)).bill });
  const now = Date.now();
  const done = p.lane_id
    ? await settleExit(tx, p.order_id, now, async (t, o) => ({ ...(await decide(t, o)), cover: [], laneId: p.lane_id, payment }))
    : await payInPark(tx, p.order_id, now, async (t, o) => ({ ...(await decide(t, o)), payment: payment! }));
  if (p.lane_id && done.settled) await tx.query('delete from lane_presence where order_id = $1', [p.order_id]);
  if (done.settled || !p.stay_cents) return finish(p.lane_id ? 'exit' : 'paidInPark');
  // the stay could not be paid: its car left (or the order moved on) before the notify
  const toDebt = await payOwnDebt(tx, p, operator);
  if (toDebt.cents > 0) notes.push(`stay to its debt ${toDebt.debtId}: ${toDebt.cents}`);
  if (toDebt.cents < p.stay_cents) {
    notes.push(`unapplied stay: ${done.reason}${toDebt.why ? `; ${toDebt.why}` : ''}`);
    unappliedCents += p.stay_cents - toDebt.cents;
  }
  return finish('debt');
}

/**
 * The stay's money of a payment whose car left owing: the order's own debt (recorded now when the
 * order is still waiting for the arrears job) is paid with as much of it as it owes.
 */
async function payOwnDebt(tx: Db, p: PaymentRow, operator: string): Promise<{ cents: number; debtId: string; why: string }> {
  const { rows: order } = await tx.query<{ parking_id: string; owed_cents: number; exit_time: Date | null }>(
    'select parking_id, owed_cents, exit_time from parking_order where id = $1',
    [p.order_id],
  );
  const o = order[0];
  if (!o || o.exit_time === null || Number(o.owed_cents) <= 0) return { cents: 0, debtId: '', why: '' };
  const debtOf = async () =>
    (
      await tx.query<{ id: string; status: number; owed_cents: number }>(
        'select id, status, owed_cents from arrears_record where order_id = $1',
        [p.order_id],
      )
    ).rows[0];
  let debt = await debtOf();
  if (!debt) {
    await recordOrder(tx, p.order_id, `车主支付（${p.out_trade_no}）晚于离场，转欠费并以该笔支付补缴`);
    debt = await debtOf();
  }
  if (!debt || !OPEN_STATUSES.includes(Number(debt.status) as never) || Number(debt.owed_cents) <= 0)
    return { cents: 0, debtId: '', why: debt ? 'its debt is not open' : 'no debt recorded' };
  const cents = Math.min(p.stay_cents, Number(debt.owed_cents));
  try {
    await payDebt(tx, debt.id, { amountCents: cents, channel: p.channel, lotId: o.parking_id, operator });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { cents: 0, debtId: debt.id, why: e.message };
  }
  return { cents, debtId: debt.id, why: '' };
}

const lotOfDebt = async (tx: Db, id: string): Promise<string> =>
  (await tx.query<{ parking_id: string }>('select parking_id from arrears_record where id = $1', [id])).rows[0]?.parking_id ?? '';

const lotOfOrder = async (tx: Db, id: string): Promise<string> =>
  (await tx.query<{ parking_id: string }>('select parking_id from parking_order where id = $1', [id])).rows[0].parking_id;

const openStayOf = (o: OpenOrder) => ({
  id: o.id,
  parkingId: o.parkingId,
  parkingName: '',
  plateNo: o.plateNo,
  plateColor: o.plateColor,
  carClass: o.carClass,
  state: o.state,
  entryTime: o.entryTime,
  spaceNo: o.spaceNo,
  publicToken: null,
});

// ---- the simulated provider -------------------------------------------------------------------

/**
 * The wallet pays trade `outTradeNo` (the driver confirmed): the provider books it once and
 * notifies the server shortly after, sometimes twice (as real providers do). Answers the amount.
 */
export async function simulateWalletPay(
  db: Db,
  outTradeNo: string,
  notify: (n: Notify) => Promise<unknown>,
  opts: { delayMs?: number; duplicate?: boolean } = {},
): Promise<number> {
  // the payment's row locked while the wallet books it: a cancel or a close at the same moment waits,
  // then finds it booked (and leaves it), or closes it first (and the wallet takes nothing)
  const booked = await db.transaction(async (tx) => {
    const p = await paymentOf(tx, outTradeNo, true);
    if (!p) throw notFound();
    if (p.status === 'closed') throw badRequest(closedWords(p.outcome));
    await tx.query(`insert into pay_provider_sim (out_trade_no, amount_cents, txn_id) values ($1, $2, $3) on conflict do nothing`, [
      outTradeNo,
      p.amount_cents,
      `42000${randomBytes(10).toString('hex')}`,
    ]);
    return (await providerBooking(tx, outTradeNo))!;
  });
  const n = signedNotify({ outTradeNo, transactionId: booked.txn_id, amountCents: booked.amount_cents });
  const send = () => void notify(n).catch(() => undefined);
  setTimeout(send, opts.delayMs ?? 300);
  if (opts.duplicate ?? Math.random() < 0.1) setTimeout(send, (opts.delayMs ?? 300) + 50);
  return booked.amount_cents;
}

/** Why a payment was closed, as its outcome says. */
export type ClosedReason = 'cancelled' | 'failed' | 'expired';
const CLOSED_WORDS: Record<ClosedReason, string> = {
  cancelled: '支付已取消',
  failed: '支付失败，未扣款',
  expired: '支付超时未完成，已关闭',
};
const closedReason = (outcome: string): ClosedReason | null =>
  (['cancelled', 'failed', 'expired'] as const).find((r) => outcome === r || outcome.startsWith(`${r}:`)) ?? null;
const closedWords = (outcome: string): string => {
  const r = closedReason(outcome);
  return r ? `支付单已关闭（${CLOSED_WORDS[r]}）` : '支付单已关闭';
};

/**
 * Closes an awaiting payment the wallet did not pay: the driver cancelled (取消), the wallet failed
 * (支付失败), or nobody paid within PAY_EXPIRES_MS (the sweep). Under the row's lock, a payment the
 * provider has booked is not closed (its notify, or the sweep's query, will pay it); the write is a
 * conditional update from 'awaiting' whose count is checked. A repeat answers the state it left.
 */
export async function closePayment(
  db: Db,
  outTradeNo: string,
  reason: ClosedReason,
): Promise<{ status: PaymentRow['status']; closed: boolean; msg: string }> {
  return db.transaction(async (tx) => {
    const p = await paymentOf(tx, outTradeNo, true);
    if (!p) throw new ApiError(404, '支付单不存在');
    if (p.status === 'paid') throw badRequest('该笔支付已完成，不能关闭');
    if (p.status === 'closed') return { status: p.status, closed: false, msg: closedWords(p.outcome) };
    if (await providerBooking(tx, outTradeNo)) throw badRequest('钱包已扣款，正在确认支付结果，不能关闭');
    const closed = await tx.query(
      `update public_payment set status = 'closed', outcome = $2 where out_trade_no = $1 and status = 'awaiting'`,
      [outTradeNo, reason],
    );
    if (closed.rowCount !== 1) throw new Error(`payment ${outTradeNo} changed under its lock`);
    return { status: 'closed', closed: true, msg: CLOSED_WORDS[reason] };
  });
}

/** What the provider booked under `outTradeNo` (its query), or null: the handheld's 被扫 and the sweep ask it. */
export async function providerBooking(db: Db, outTradeNo: string): Promise<{ txn_id: string; amount_cents: number } | null> {
  const { rows } = await db.query<{ txn_id: string; amount_cents: number }>(
    'select txn_id, amount_cents::float8 as amount_cents from pay_provider_sim where out_trade_no = $1',
    [outTradeNo],
  );
  return rows[0] ?? null;
}

/** A payment's state for the result page; a payment left without notify is asked about at the provider. */
export async function paymentState(db: Db, req: FastifyRequest, outTradeNo: string, log?: FastifyBaseLogger) {
  let p = await paymentOf(db, outTradeNo);
  if (!p) throw new ApiError(404, '支付单不存在');
  if (p.status === 'awaiting' && Date.now() - p.create_time.getTime() > QUERY_AFTER_MS) {
    const booked = await providerBooking(db, outTradeNo);
    if (booked) {
      await takeNotify(db, signedNotify({ outTradeNo, transactionId: booked.txn_id, amountCents: Number(booked.amount_cents) }), log);
      p = (await paymentOf(db, outTradeNo))!;
    }
  }
  const stay = await stayById(db, p.order_id);
  // paid in the lot: the time left to leave is the bill's
  const leaveBefore =
    stay && !stay.exited && p.outcome === 'paidInPark' ? ((await billOf(db, req, stay, Date.now())).order?.leaveBefore ?? null) : null;
  return {
    status: p.status,
    amountCents: p.amount_cents,
    paidAt: p.paid_at ? p.paid_at.getTime() : null,
    leaveBefore,
    exited: Boolean(stay?.exited),
    applied: p.status === 'paid' && p.unapplied_cents === 0,
    /** what was taken but applied to nothing, held for a refund (退款审核 › 未入账支付) */
    unappliedCents: p.unapplied_cents,
    refunded: p.refund_state === 1,
    /** a closed payment: why (cancelled in the wallet, the wallet failed, nobody paid in time) */
    closedReason: p.status === 'closed' ? (closedReason(p.outcome) ?? 'expired') : null,
    /** a card renewal: the card and its end date now */
    renewal: await renewalOfPayment(db, p),
  };
}
