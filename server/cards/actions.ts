import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import { ApiError, badRequest, notFound } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { assertLots } from '../resource/lot-scope.ts';
import { yuan } from '../../domain/money.ts';
import { CARD_PAY_CHANNELS, CARD_STATUS_LABEL, type CardStatus, type PeriodKind } from '../../domain/card-codes.ts';
import { PAY_CHANNEL } from '../../domain/parking-codes.ts';
import { auditCard, cardDay, today } from './common.ts';
import { type ProductTerms, type RenewalQuote, renewalQuote } from './renewal.ts';
import { CARD_EVENT_LABEL, type CardEvent, stepCard } from './state-machine.ts';
import { operatorOf } from '../lib/operator.ts';
import { refundUnderWay } from './card-end.ts';

/**
 * The console's actions on a card (月卡, 团体卡): pay (opens a PENDING_PAY card), renew (a monthly
 * card: the period of §7.2, shown before paying), freeze (with a reason) and unfreeze. Each runs in
 * one transaction with the card locked and the machine checked first (a refusal answers its
 * message and writes nothing); a payment is a card_payment row; the card's audit (who, when,
 * before, after, why) and the operation log keep every change.
 */

export type CardKind = 'month' | 'group';
export type CardAction = 'pay' | 'renew' | 'freeze' | 'unfreeze';

const TABLE: Record<CardKind, string> = { month: 'month_card', group: 'group_card' };
const MODULE = { month: 'monthCard', group: 'groupCard' } as const;

export interface CardActionInput {
  channel?: number;
  periods?: number;
  reason?: string;
}

interface CardRow {
  id: string;
  card_no: string;
  parking_id: string;
  status: CardStatus;
  start_date: string;
  end_date: string;
  periods: number;
  /** the opening payment: fixed when a month card was opened, a group card's price */
  amount_cents: number;
  product: ProductTerms | null;
}

async function lockCard(tx: Db, kind: CardKind, id: string, lock = true): Promise<CardRow> {
  if (kind === 'group') {
    const g = lock
      ? await lockRow(tx, 'groupCard', id)
      : await tx.kysely.selectFrom('groupCard').selectAll().where('id', '=', id).executeTakeFirst();
    if (!g) throw notFound();
    return {
      id: g.id,
      card_no: g.cardNo,
      parking_id: g.parkingId,
      status: Number(g.status) as CardStatus,
      start_date: cardDay(g.startDate),
      end_date: cardDay(g.endDate),
      periods: 1,
      amount_cents: Number(g.priceCents),
      product: null,
    };
  }
  const card = tx.kysely
    .selectFrom('monthCard as c')
    .innerJoin('cardProduct as p', 'p.id', 'c.productId')
    .select(['c.id', 'c.cardNo', 'c.parkingId', 'c.status', 'c.startDate', 'c.endDate', 'c.periods', 'c.amountCents'])
    .select(['p.priceCents', 'p.periodKind', 'p.periodDays', 'p.renewLimitDays', 'p.renewFrom', 'p.maxPeriods'])
    .where('c.id', '=', id);
  const r = await (lock ? card.forUpdate('c') : card).executeTakeFirst();
  if (!r) throw notFound();
  return {
    id: r.id,
    card_no: r.cardNo,
    parking_id: r.parkingId,
    status: Number(r.status) as CardStatus,
    start_date: cardDay(r.startDate),
    end_date: cardDay(r.endDate),
    periods: Number(r.periods),
    amount_cents: Number(r.amountCents),
    product: {
      periodKind: Number(r.periodKind) as PeriodKind,
      periodDays: Number(r.periodDays),
      priceCents: Number(r.priceCents),
      renewLimitDays: Number(r.renewLimitDays),
      renewFrom: Number(r.renewFrom) as 1 | 2,
      maxPeriods: Number(r.maxPeriods),
    },
  };
}

function step(c: CardRow, event: CardEvent, endDate = c.end_date): CardStatus {
  const t = stepCard(c.status, event, endDate, today());
  if (!t.ok) throw badRequest(t.msg);
  return t.to;
}

/** What renewing card `id` for `periods` periods buys today, or why it may not (shown before paying). */
export async function quoteRenewal(db: Db, req: FastifyRequest, id: string, periods: number): Promise<RenewalQuote> {
  const c = await lockCard(db, 'month', id, false);
  assertLots(req, c.parking_id);
  return quoteOf(c, periods);
}

/** The same quote for a card the caller found by itself (the driver's phone: its plate's card). */
export async function quoteRenewalOf(db: Db, id: string, periods: number): Promise<RenewalQuote & { cardNo: string; maxPeriods: number }> {
  const c = await lockCard(db, 'month', id, false);
  const returning = await refundUnderWay(db, c.id);
  if (returning) throw badRequest(returning);
  return { ...quoteOf(c, periods), cardNo: c.card_no, maxPeriods: c.product!.maxPeriods };
}

/** Whether monthly card `cardNo` may be renewed now for one period (the driver's bill offers 续费 then). */
export async function mayRenewNow(db: Db, cardNo: string): Promise<boolean> {
  const found = await db.kysely.selectFrom('monthCard').select('id').where('cardNo', '=', cardNo).executeTakeFirst();
  if (!found) return false;
  try {
    await quoteRenewalOf(db, found.id, 1);
    return true;
  } catch (e) {
    if (e instanceof ApiError) return false;
    throw e;
  }
}

function quoteOf(c: CardRow, periods: number): RenewalQuote {
  step(c, 'renew');
  const q = renewalQuote(c.end_date, c.product!, periods, today());
  if ('refused' in q) throw badRequest(q.refused);
  return q;
}

/**
 * Who acts on a card: a signed-in user of the console (their lots checked, their name kept), or the
 * driver's phone paying a renewal through the pay provider (no lots, the provider's transaction as
 * the serial number, and the amount the driver was shown, which the renewal must still cost).
 */
export interface CardActor {
  req: FastifyRequest | null;
  operator: string;
  assertLot: (lotId: string) => void;
  serialNo?: string;
  expectCents?: number;
}

const consoleActor = (req: FastifyRequest): CardActor => ({ req, operator: operatorOf(req), assertLot: (lot) => assertLots(req, lot) });

const channelOk = (ch: number | undefined): ch is number => ch !== undefined && (CARD_PAY_CHANNELS as readonly number[]).includes(ch);

/** Runs one action on a card for a console user; answers its new status and, for a payment, the period paid. */
export function runCardAction(
  db: Db,
  req: FastifyRequest,
  kind: CardKind,
  id: string,
  action: CardAction,
  input: CardActionInput,
): Promise<{ status: CardStatus; startDate: string; endDate: string }> {
  return runCardActionAs(db, consoleActor(req), kind, id, action, input);
}

/** Runs one action on a card for `actor` (the console's user, or the driver's phone renewing). */
export async function runCardActionAs(
  db: Db,
  actor: CardActor,
  kind: CardKind,
  id: string,
  action: CardAction,
  input: CardActionInput,
): Promise<{ status: CardStatus; startDate: string; endDate: string }> {
  const reason = (input.reason ?? '').trim();
  if (action === 'freeze' && !reason) throw badRequest('冻结原因不能为空');
  if ((action === 'pay' || action === 'renew') && !channelOk(input.channel)) throw badRequest('请选择支付渠道');
  if (action === 'renew' && kind !== 'month') throw badRequest('团体卡不能续费，请新办');
  return db.transaction(async (tx) => {
    const c = await lockCard(tx, kind, id);
    actor.assertLot(c.parking_id);
    // money on its way back must not come back into use meanwhile
    const returning = action === 'unfreeze' || action === 'renew' ? await refundUnderWay(tx, c.id) : null;
    if (returning) throw badRequest(returning);
    const operator = actor.operator;
    const before = { status: c.status, startDate: c.start_date, endDate: c.end_date };
    let after = { ...before };
    let why = reason;
    const pay = async (payKind: 1 | 2, periods: number, start: string, end: string, cents: number) => {
      await tx.query(
        `insert into card_payment (id, card_kind, card_id, card_no, parking_id, pay_kind, periods, period_start, period_end,
                                   amount_cents, channel, serial_no, operator)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          newId('cpay'),
          kind,
          c.id,
          c.card_no,
          c.parking_id,
          payKind,
          periods,
          start,
          end,
          cents,
          input.channel,
          actor.serialNo ?? `CP${Date.now()}${Math.floor(Math.random() * 1000)}`,
          operator,
        ],
      );
      why = `${PAY_CHANNEL[input.channel!]}收款${yuan(cents)}元，${start}至${end}${reason ? `；${reason}` : ''}`;
    };
    if (action === 'pay') {
      // a paid card has a price, and days still to come
      if (c.amount_cents <= 0) throw badRequest(`${c.card_no}的费用为0.00元，不能支付开卡；请先编辑填写费用`);
      if (c.end_date < today()) throw badRequest(`${c.card_no}的有效期已于${c.end_date}结束，不能支付开卡；请新办一张卡`);
      after = { ...after, status: step(c, 'pay') };
      await pay(1, c.periods, c.start_date, c.end_date, c.amount_cents);
    } else if (action === 'renew') {
      step(c, 'renew');
      const q = renewalQuote(c.end_date, c.product!, input.periods ?? 1, today());
      if ('refused' in q) throw badRequest(q.refused);
      if (actor.expectCents !== undefined && q.amountCents !== actor.expectCents)
        throw badRequest(`续费金额已变为${yuan(q.amountCents)}元（支付时为${yuan(actor.expectCents)}元）`);
      // a renewal after expiry from the payment day leaves a gap: the card's start stays, its end moves
      after = { status: step(c, 'renew', q.endDate), startDate: c.start_date, endDate: q.endDate };
      await pay(2, q.periods, q.startDate, q.endDate, q.amountCents);
    } else {
      after = { ...after, status: step(c, action) };
    }
    await tx.query(
      `update ${TABLE[kind]} set status = $2, end_date = $3, freeze_reason = coalesce($4, freeze_reason), last_modify_time = now() where id = $1`,
      [c.id, after.status, after.endDate, action === 'freeze' ? reason : action === 'unfreeze' ? '' : null],
    );
    await auditCard(tx, { kind, cardId: c.id, action, operator, before, after, reason: why });
    await writeOperLog(tx, actor.req, {
      user: actor.req ? undefined : { id: null, account: operator },
      action: 'status',
      module: MODULE[kind],
      recordId: c.id,
      detail: `${c.card_no} ${CARD_EVENT_LABEL[action]}：${CARD_STATUS_LABEL[before.status]} → ${CARD_STATUS_LABEL[after.status]}${why ? `（${why}）` : ''}`,
    });
    return after;
  });
}
