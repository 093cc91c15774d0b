import type { FastifyRequest } from 'fastify';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import type { CouponTemplateTable } from '../db/coupon-tables.ts';
import { ApiError, badRequest, notFound } from '../lib/envelope.ts';
import { assertLots, outOfScope, writable } from '../resource/lot-scope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { newId } from '../lib/ids.ts';
import { yuan } from '../../domain/money.ts';
import { PLATE_MESSAGE, PLATE_RE } from '../../domain/field-rules.ts';
import { COUPON_STATE } from '../../domain/coupon-codes.ts';
import { auditCoupon, couponSnapshot, maxCentsOf, newCouponNo } from './store.ts';
import { type ValidityTerms, validityAt } from './validity.ts';

/**
 * Issuing coupons (发券) from a template to plates: one plate, or a batch with a result per row.
 * Each plate is one transaction that locks the template row, then its merchant's row, and checks
 * stock, the per-plate limit and the merchant's balance before it writes, so concurrent issues of
 * the last coupon give it to exactly one. The balance holds what the issued, unused coupons may
 * still take off (each coupon's face value or cap), so using them never takes it below zero.
 */

export const MAX_BATCH = 500;

export interface Issuer {
  /** who, as the audit names them */
  operator: string;
  /** the caller's lots (null: every lot); a template outside them is refused before any row */
  lots: string[] | null;
}

export interface IssueRow {
  plateNo: string;
  ok: boolean;
  couponNo: string;
  msg: string;
}

/** The template columns an issue reads, typed as the table declares them; its validity days as text. */
type TemplateRow = Omit<
  Selectable<CouponTemplateTable>,
  'validFrom' | 'validTo' | 'issuedCount' | 'description' | 'createTime' | 'lastModifyTime'
> &
  ValidityTerms;

async function lockTemplate(tx: Db, id: string): Promise<TemplateRow | null> {
  const day = (column: 'validFrom' | 'validTo') => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`.as(column);
  const r = await tx.kysely
    .selectFrom('couponTemplate')
    .select(['id', 'templateName', 'merchantId', 'parkingIds', 'couponType', 'faceValue', 'capCents', 'validMode', 'validDays'])
    .select(['stock', 'perPlateLimit', 'stackable', 'enabledMark', day('validFrom'), day('validTo')])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    templateName: r.templateName,
    merchantId: r.merchantId,
    parkingIds: r.parkingIds ?? [],
    couponType: Number(r.couponType),
    faceValue: Number(r.faceValue),
    capCents: Number(r.capCents),
    validMode: Number(r.validMode),
    validFrom: r.validFrom ?? null,
    validTo: r.validTo ?? null,
    validDays: Number(r.validDays),
    stock: Number(r.stock),
    perPlateLimit: Number(r.perPlateLimit),
    stackable: Number(r.stackable),
    enabledMark: Number(r.enabledMark),
  };
}

/** The plates of a batch as typed: one per line, or separated by commas, spaces or semicolons. */
export const platesOf = (text: string): string[] =>
  text
    .split(/[\s,，;；、]+/)
    .map((p) => p.trim().toUpperCase())
    .filter(Boolean);

/** Issues one coupon to `plateNo` in its own transaction; a refusal is the row's message, nothing written. */
async function issueOne(db: Db, templateId: string, plateNo: string, who: Issuer, now: Date): Promise<IssueRow> {
  const row = (msg: string, couponNo = ''): IssueRow => ({ plateNo, ok: couponNo !== '', couponNo, msg });
  if (!PLATE_RE.test(plateNo)) return row(PLATE_MESSAGE);
  try {
    return await db.transaction(async (tx) => {
      const t = await lockTemplate(tx, templateId);
      if (!t) throw notFound();
      if (t.enabledMark !== 1) throw badRequest('优惠券模板已停用，不能发券');
      const validity = validityAt(t, now.getTime());
      if (!validity) throw badRequest(`优惠券模板的有效期已过（至${t.validTo ?? ''}），不能发券`);
      if (t.stock <= 0) throw badRequest('库存不足：该优惠券已发完');
      const { rows: held } = await tx.query<{ n: number }>(
        `select count(*)::int as n from coupon_record where template_id = $1 and plate_no = $2 and state <> $3`,
        [t.id, plateNo, COUPON_STATE.VOID],
      );
      if (held[0].n >= t.perPlateLimit)
        throw badRequest(`已达每车限领：车牌${plateNo}已领取该券${held[0].n}张，每车限领${t.perPlateLimit}张`);
      const m = await lockRow(tx, 'merchant', t.merchantId);
      if (!m) throw badRequest('优惠券模板的商户不存在');
      if (Number(m.enabledMark) !== 1) throw badRequest(`商户“${m.merchantName}”已停用，不能发券`);
      const maxCents = maxCentsOf(t.couponType, t.faceValue, t.capCents);
      const { rows: res } = await tx.query<{ cents: number }>(
        `select coalesce(sum(max_cents), 0)::bigint as cents from coupon_record where merchant_id = $1 and state = $2 and expire_time > $3`,
        [t.merchantId, COUPON_STATE.ISSUED, now],
      );
      const balance = Number(m.balance);
      const reserved = Number(res[0].cents);
      if (balance - reserved < maxCents)
        throw badRequest(
          `商户余额不足：余额${yuan(balance)}元，已发未用的优惠券最多抵扣${yuan(reserved)}元，本券最多抵扣${yuan(maxCents)}元，请先为商户充值`,
        );
      const id = newId('cr');
      const couponNo = newCouponNo(now);
      await tx.query(
        `insert into coupon_record (id, coupon_no, template_id, merchant_id, template_name, parking_ids, coupon_type, face_value,
                                    cap_cents, stackable, plate_no, state, issue_time, start_time, expire_time, max_cents, issuer)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, ${COUPON_STATE.ISSUED}, $12, $13, $14, $15, $16)`,
        [
          id,
          couponNo,
          t.id,
          t.merchantId,
          t.templateName,
          t.parkingIds,
          t.couponType,
          t.faceValue,
          t.capCents,
          t.stackable,
          plateNo,
          now,
          new Date(validity.start),
          new Date(validity.end),
          maxCents,
          who.operator,
        ],
      );
      await tx.query(
        'update coupon_template set stock = stock - 1, issued_count = issued_count + 1, last_modify_time = now() where id = $1',
        [t.id],
      );
      await auditCoupon(
        tx,
        id,
        'issue',
        who.operator,
        {},
        couponSnapshot({ couponNo, plateNo, state: COUPON_STATE.ISSUED, deductedCents: 0, orderId: null }),
        `${t.templateName}，剩余库存${t.stock - 1}`,
      );
      return row('发券成功', couponNo);
    });
  } catch (e) {
    if (e instanceof ApiError && e.code === 400) return row(e.message);
    throw e;
  }
}

/**
 * Issues a coupon of template `templateId` to each plate, in order; answers one row per plate. A
 * template the caller may not see is refused as a whole (404 / 403) before any row.
 */
export async function issueCoupons(db: Db, templateId: string, plates: string[], who: Issuer, now = new Date()): Promise<IssueRow[]> {
  if (!plates.length) throw badRequest('请输入车牌号');
  if (plates.length > MAX_BATCH) throw badRequest(`一次最多发券${MAX_BATCH}个车牌`);
  const { rows } = await db.query<{ parking_ids: string[] }>('select parking_ids from coupon_template where id = $1', [templateId]);
  if (!rows[0]) throw notFound();
  if (!writable(who.lots, rows[0].parking_ids)) throw outOfScope();
  const out: IssueRow[] = [];
  for (const plate of plates) out.push(await issueOne(db, templateId, plate, who, now));
  return out;
}

/** More stock for template `id`, added to what is left under its lock (never written from a form that may have read it before an issue); answers the stock after. */
export function addTemplateStock(db: Db, req: FastifyRequest, id: string, count: number): Promise<number> {
  return db.transaction(async (tx) => {
    const t = await lockRow(tx, 'couponTemplate', id);
    if (!t) throw notFound();
    assertLots(req, t.parkingIds);
    const after = Number(t.stock) + count;
    await tx.query('update coupon_template set stock = $2, last_modify_time = now() where id = $1', [id, after]);
    await writeOperLog(tx, req, {
      action: 'update',
      module: 'couponTemplate',
      recordId: id,
      detail: `${t.templateName} 补充库存${count}张：${t.stock} → ${after}`,
    });
    return after;
  });
}
