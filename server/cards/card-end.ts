import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import { badRequest, notFound } from '../lib/envelope.ts';
import { CARD_STATUS, CARD_STATUS_LABEL, type CardStatus } from '../../domain/card-codes.ts';
import { HELD_REFUND_STATES } from '../../domain/refund-codes.ts';
import { auditCard } from './common.ts';
import { cardMachine } from './state-machine.ts';
import type { CardKind } from './actions.ts';

/**
 * A card and the money paid for it: a refund of everything a payment still gives back ends what was
 * bought, so it waits until the card no longer covers stays (frozen or expired), both when applied
 * for and again, under the card's lock, when it is paid out; and once every payment of a card is
 * paid back the card is ended for good (REFUNDED), so no unfreeze, renewal or cover brings it back.
 */

const TABLE: Record<CardKind, string> = { month: 'month_card', group: 'group_card' };

/** Card `id`'s status and number, locked until the transaction ends. */
export async function lockCardStatus(tx: Db, kind: CardKind, id: string): Promise<{ status: CardStatus; cardNo: string }> {
  const card = await lockRow(tx, kind === 'month' ? 'monthCard' : 'groupCard', id);
  if (!card) throw notFound();
  return { status: Number(card.status) as CardStatus, cardNo: card.cardNo };
}

/** Refuses a refund that pays back all of a payment while the card still covers stays. */
export async function assertCardStopped(tx: Db, kind: CardKind, id: string): Promise<void> {
  const { status, cardNo } = await lockCardStatus(tx, kind, id);
  if (status === CARD_STATUS.ACTIVE || status === CARD_STATUS.EXPIRING)
    throw badRequest(`退还这笔缴费的全部可退金额前，请先冻结${cardNo}（冻结后不再抵扣停车费）`);
}

/** Why the card may not come back into use (unfreeze, renew) now: a refund of its payments is under way. */
export async function refundUnderWay(tx: Db, id: string): Promise<string | null> {
  const { rows } = await tx.query<{ refund_no: string }>(
    `select r.refund_no from parking_order_refund r join card_payment p on p.id = r.card_payment_id
      where p.card_id = $1 and r.status = any($2::smallint[]) order by r.apply_time limit 1`,
    [id, HELD_REFUND_STATES],
  );
  return rows[0] ? `该卡有退款正在处理（退款单号${rows[0].refund_no}），处理完成前不能恢复使用` : null;
}

/** After a payment of card `id` was paid back: every payment refunded in full ends the card (audited). */
export async function endIfRefunded(tx: Db, kind: CardKind, id: string, operator: string): Promise<void> {
  const { status } = await lockCardStatus(tx, kind, id);
  const { rows } = await tx.query<{ paid: number; refunded: number }>(
    'select coalesce(sum(amount_cents), 0)::bigint as paid, coalesce(sum(refunded_cents), 0)::bigint as refunded from card_payment where card_id = $1',
    [id],
  );
  const paid = Number(rows[0]?.paid ?? 0);
  if (paid === 0 || Number(rows[0]?.refunded ?? 0) < paid) return;
  const t = cardMachine.transition(status, 'refundAll');
  if (!t.ok) return; // already ended
  const moved = await tx.query(`update ${TABLE[kind]} set status = $2, last_modify_time = now() where id = $1 and status = $3`, [
    id,
    t.to,
    status,
  ]);
  if (moved.rowCount !== 1) throw new Error(`card ${id} changed under its lock`);
  await auditCard(tx, {
    kind,
    cardId: id,
    action: 'refundAll',
    operator,
    before: { status, statusLabel: CARD_STATUS_LABEL[status] },
    after: { status: t.to, statusLabel: CARD_STATUS_LABEL[t.to] },
    reason: '全部缴费已退款，卡片终止使用',
  });
}
