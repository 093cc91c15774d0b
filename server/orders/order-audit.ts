import type { Db } from '../db/database.ts';
import { type AuditEntry, writeAudit } from '../lib/audit.ts';
import { STATE_LABEL } from '../../domain/parking-codes.ts';
import { netPaid } from './amounts.ts';
import type { LockedOrder } from './order-lock.ts';

/** One audit row on a parking order (its details page lists them): an order action, a refund step, a debt's payment. */
export const auditOrder = (tx: Db, orderId: string, e: AuditEntry): Promise<void> =>
  writeAudit(tx, 'parking_order_audit', { order_id: orderId }, e);

/** What the audit keeps of an order's amounts at one moment (an order action, a refund step). */
export const orderSnapshot = (o: LockedOrder) => ({
  state: o.state,
  stateLabel: STATE_LABEL[o.state],
  receivableCents: o.receivableCents,
  discountCents: o.discountCents,
  // 实收, as the audit has always shown it: payments less refunds
  paidCents: netPaid(o),
  owedCents: o.owedCents,
  refundedCents: o.refundedCents,
});
