import type { Db } from '../db/database.ts';
import { type AuditEntry, writeAudit } from '../lib/audit.ts';

/** One audit row on a parking order (its details page lists them): an order action, a refund step, a debt's payment. */
export const auditOrder = (tx: Db, orderId: string, e: AuditEntry): Promise<void> =>
  writeAudit(tx, 'parking_order_audit', { order_id: orderId }, e);
