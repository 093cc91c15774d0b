import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import { badRequest } from '../lib/envelope.ts';
import { PLATE_MESSAGE, PLATE_RE, maskPhone } from '../../domain/field-rules.ts';
import type { Row, Write } from '../resource/spec.ts';
import { operatorOf } from '../lib/operator.ts';
import { HOLDING_STATUSES } from '../../domain/card-codes.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { type AuditEntry, writeAudit } from '../lib/audit.ts';
import { plateQuery } from '../entities/parking-orders.ts';
import { dateColumn } from '../lib/date-column.ts';

/** What monthly and group cards share: their days, their plates, their audit rows. */

/** A card's day (a `date` column) → YYYY-MM-DD, '' for none. */
export const cardDay = (d: unknown): string => dateColumn(d) ?? '';

export const today = (now = Date.now()): string => chinaDate(now);

/** Plates as typed → capitals without dots or blanks, each checked, no repeats. */
export function cleanPlates(plates: unknown): string[] {
  const list = (Array.isArray(plates) ? plates : String(plates ?? '').split(/[,，\s]+/)).map((p) => plateQuery(String(p))).filter(Boolean);
  if (!list.length) throw badRequest('请填写车牌号');
  for (const p of list) if (!PLATE_RE.test(p)) throw badRequest(`${p}：${PLATE_MESSAGE}`);
  return [...new Set(list)];
}

/**
 * Refuses a plate already on another card of the lot that still holds it (pending, active,
 * expiring, frozen), monthly or group. The lot's row is locked first, so two writes for the same
 * plate in one lot cannot both pass.
 */
export async function assertPlatesFree(tx: Db, lotId: string, plates: string[], selfId?: string): Promise<void> {
  await lockRow(tx, 'parking', lotId);
  const { rows } = await tx.query<{ card_no: string; kind: string; plate: string }>(
    `select card_no, '月卡' as kind, p as plate from month_card, unnest(plate_nos) p
      where parking_id = $1 and status = any($2::smallint[]) and plate_nos && $3::text[] and id <> $4 and p = any($3::text[])
     union all
     select card_no, '团体卡', p from group_card, unnest(plate_nos) p
      where parking_id = $1 and status = any($2::smallint[]) and plate_nos && $3::text[] and id <> $4 and p = any($3::text[])
     limit 1`,
    [lotId, HOLDING_STATUSES, plates, selfId ?? ''],
  );
  const hit = rows[0];
  if (hit) throw badRequest(`车牌${hit.plate}已在本停车场的${hit.kind}${hit.card_no}上，不能重复办理`);
}

/** One audit row of a card: who, when, before, after, why. */
export const auditCard = (tx: Db, a: { kind: 'month' | 'group'; cardId: string } & AuditEntry): Promise<void> =>
  writeAudit(tx, 'card_audit', { card_kind: a.kind, card_id: a.cardId }, a);

/** A card number: prefix, China date, then random digits (YK20240506-4821). */
export const newCardNo = (prefix: string, now = Date.now()): string =>
  `${prefix}${chinaDate(now).replace(/-/g, '')}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;

/** What an edit of a card changed, for its audit row: the fields that differ, phones masked. */
export function editDiff(
  fields: string[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Row; after: Row } | null {
  const shown = (k: string, v: unknown) => (k.endsWith('Phone') ? maskPhone(v) : k.endsWith('Date') ? cardDay(v) : v);
  const changed = fields.filter((k) => JSON.stringify(shown(k, before[k])) !== JSON.stringify(shown(k, after[k])));
  if (!changed.length) return null;
  return {
    before: Object.fromEntries(changed.map((k) => [k, shown(k, before[k])])),
    after: Object.fromEntries(changed.map((k) => [k, shown(k, after[k])])),
  };
}

/** A card's details edited after it was opened, audited like its actions (who, when, what changed): a resource's `effects.update`. */
export const auditEdit =
  (kind: 'month' | 'group', fields: string[]) =>
  async ({ tx, req, id, values, before }: Write): Promise<void> => {
    const diff = editDiff(fields, before ?? {}, values);
    if (diff) await auditCard(tx, { kind, cardId: id, action: 'edit', operator: operatorOf(req), ...diff, reason: '编辑资料' });
  };
