import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import { notFound } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { operatorOf } from '../lib/operator.ts';
import { assertLots } from '../resource/lot-scope.ts';
import { yuan } from '../../domain/money.ts';
import { newId } from '../lib/ids.ts';
import { LEDGER_KIND } from '../../domain/coupon-codes.ts';

/** A movement of a merchant's prepaid balance, as its ledger row (商户管理 › 余额流水) keeps it. */
export interface Movement {
  kind: (typeof LEDGER_KIND)[keyof typeof LEDGER_KIND];
  /** cents in (a top-up) or out (negative: a coupon used) */
  cents: number;
  operator: string;
  note: string;
  couponNo?: string;
  orderId?: string;
  /** when it happened (an exit's time); now by default */
  at?: Date;
}

/**
 * Moves the balance by `m.cents` and writes its ledger row, in the caller's transaction. A
 * conditional update: concurrent movements never take it below zero; answers the balance after,
 * or null when the balance cannot pay (nothing written).
 */
export async function moveBalance(tx: Db, merchantId: string, m: Movement): Promise<{ balance: number; merchantName: string } | null> {
  const { rows } = await tx.query<{ balance: string; merchant_name: string }>(
    'update merchant set balance = balance + $2, last_modify_time = now() where id = $1 and balance + $2 >= 0 returning balance, merchant_name',
    [merchantId, m.cents],
  );
  if (!rows[0]) return null;
  const balance = Number(rows[0].balance);
  await tx.query(
    // the ledger row files a top-up under the merchant's first lot (finance counts it there)
    `insert into merchant_ledger (id, merchant_id, kind, amount_cents, balance_after, coupon_no, order_id, operator, create_time, note, parking_id)
     select $1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, now()), $10, m.parking_ids[1] from merchant m where m.id = $2`,
    [newId('ml'), merchantId, m.kind, m.cents, balance, m.couponNo ?? '', m.orderId ?? null, m.operator, m.at ?? null, m.note],
  );
  return { balance, merchantName: rows[0].merchant_name };
}

/** Money paid in by merchant `id`: added to the balance as it is now, with its ledger row; answers the balance after. */
export function topUpMerchant(db: Db, req: FastifyRequest, id: string, amountCents: number, note: string): Promise<number> {
  return db.transaction(async (tx) => {
    const merchant = await lockRow(tx, 'merchant', id);
    if (!merchant) throw notFound();
    assertLots(req, merchant.parkingIds);
    const moved = await moveBalance(tx, id, {
      kind: LEDGER_KIND.TOP_UP,
      cents: amountCents,
      operator: operatorOf(req),
      note: note.trim() ? `预付充值：${note.trim()}` : '预付充值',
    });
    const after = moved!.balance; // money in is never refused
    await writeOperLog(tx, req, {
      action: 'update',
      module: 'merchant',
      recordId: id,
      detail: `${moved!.merchantName} 预付充值${yuan(amountCents)}元：${yuan(after - amountCents)} → ${yuan(after)}`,
    });
    return after;
  });
}

/** A page of a merchant's ledger, newest first, and how many rows it has in all (商户 › 余额流水). */
export async function merchantLedgerPage(db: Db, merchantId: string, currentPage: number, pageSize: number) {
  const [rows, counted] = await Promise.all([
    db.kysely
      .selectFrom('merchantLedger')
      .selectAll()
      .where('merchantId', '=', merchantId)
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute(),
    db.kysely
      .selectFrom('merchantLedger')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('merchantId', '=', merchantId)
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}
