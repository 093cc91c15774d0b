import type { Db } from '../db/database.ts';
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
    `insert into merchant_ledger (id, merchant_id, kind, amount_cents, balance_after, coupon_no, order_id, operator, create_time, note)
     values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, now()), $10)`,
    [newId('ml'), merchantId, m.kind, m.cents, balance, m.couponNo ?? '', m.orderId ?? null, m.operator, m.at ?? null, m.note],
  );
  return { balance, merchantName: rows[0].merchant_name };
}
