import type { Db } from '../db/database.ts';
import { newId } from './ids.ts';

/** One after-the-fact change: who, what, the record before and after, and why (the time is the database's clock). */
export interface AuditEntry {
  action: string;
  operator: string;
  before: unknown;
  after: unknown;
  reason?: string;
}

/** The audit tables, with their ids' prefixes; each names its record by the columns of `subject`. */
const AUDIT_TABLES = { parking_order_audit: 'oa', coupon_record_audit: 'ca', card_audit: 'ca' } as const;

/**
 * Writes one audit row. The clock, not the transaction's start: steps taken in one transaction
 * (a refund approved and sent, an order closed then its slot handed over) keep their order. A
 * clock that reads the same twice (PGlite's counts milliseconds) still gives each step of a record
 * a later time than the one before, so its history never lists two steps the wrong way round.
 */
export async function writeAudit(tx: Db, table: keyof typeof AUDIT_TABLES, subject: Record<string, string>, e: AuditEntry): Promise<void> {
  const columns = Object.keys(subject);
  const values = [...Object.values(subject), e.action, e.operator, JSON.stringify(e.before), JSON.stringify(e.after), e.reason ?? ''];
  const marks = values.map((_, i) => `$${i + 2}`).join(', ');
  const sameRecord = columns.map((c, i) => `${c} = $${i + 2}`).join(' and ');
  await tx.query(
    `insert into ${table} (id, ${columns.join(', ')}, action, operator, before, after, reason, operate_time)
     values ($1, ${marks},
             greatest(clock_timestamp(), (select max(operate_time) + interval '1 microsecond' from ${table} where ${sameRecord})))`,
    [newId(AUDIT_TABLES[table]), ...values],
  );
}
