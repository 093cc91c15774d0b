import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { operatorOf } from '../lib/operator.ts';
import { ADMIN_ROLE } from '../entities/roles.ts';
import type { Row, Write } from '../resource/spec.ts';
import { auditCard, cardDay, today } from './common.ts';

/**
 * A card starts today or later: a card opened for past dates would be paid for days already gone
 * (and be 已过期 at once). An administrator may still record one that began earlier (a card sold on
 * paper), with a reason: the card's audit keeps who, when and why.
 */

/** The create body's extra field: why the card starts before today. */
export const backdateInput = {
  backdateReason: Type.String({ title: '补录原因', maxLength: 200, 'x-msg': '补录原因不能超过200个字符' }),
};

const reasonOf = (v: Row): string => String(v.backdateReason ?? '').trim();

/** Refuses a start before today without a reason (a guard's save: create, or an unpaid card's edit). */
export function assertStartNotPast(v: Row, before?: Row): void {
  const start = cardDay(v.startDate);
  if (start >= today()) return;
  if (before && cardDay(before.startDate) === start) return; // an edit that leaves the start as it was
  if (!reasonOf(v)) throw badRequest(`开始日期不能早于今天（${today()}）；补录过去开始的卡须由管理员填写补录原因`);
}

async function isAdministrator(tx: Db, userId: string): Promise<boolean> {
  const { rows } = await tx.query(
    `select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = $1 and r.en_code = $2 and r.status = 1 limit 1`,
    [userId, ADMIN_ROLE.code],
  );
  return rows.length > 0;
}

/** A create's effect: a back-dated card needs an administrator, and is audited with its reason. */
export const auditBackdate =
  (kind: 'month' | 'group') =>
  async ({ tx, req, id, values }: Write): Promise<void> => {
    const start = cardDay(values.startDate);
    if (start >= today()) return;
    if (!(await isAdministrator(tx, req.auth?.userId ?? ''))) throw badRequest('只有管理员可以补录开始日期早于今天的卡');
    await auditCard(tx, {
      kind,
      cardId: id,
      action: 'backdate',
      operator: operatorOf(req),
      before: null,
      after: { startDate: start },
      reason: reasonOf(values),
    });
  };
