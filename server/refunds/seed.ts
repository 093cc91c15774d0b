import type { Db } from '../db/database.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { REFUND_REASON, REFUND_STATE, REFUND_STATUS } from '../../domain/refund-codes.ts';

/**
 * The demo's refund history (退款申请, 退款审核): about one in 150 orders paid by WeChat or Alipay had
 * a refund asked for by the operator on duty and decided by the administrator: most paid back (the
 * order's refunded amount raised), some rejected, failed or closed,
 * and a few of the last two days still waiting in the review queue. Each with its audit rows on the
 * order, as the refund screens write them.
 */

const S = REFUND_STATE;
/** refund state by the request's index (× 7 modulo 20, so a short history has several states too) */
const STATE_OF = `case when k * 7 % 20 < 14 then ${S.REFUNDED} when k * 7 % 20 < 16 then ${S.REJECTED} when k * 7 % 20 < 18 then ${S.APPLIED}
                       when k * 7 % 20 = 18 then ${S.FAILED} else ${S.CLOSED} end`;
const REASONS = Object.entries(REFUND_REASON).filter(([code]) => code !== '9');
const APPLICANT = ['值班操作员（operator）', 'u-operator'];
const APPROVER = ['系统管理员（admin）', 'u-admin'];

export async function seedRefunds(tx: Db): Promise<number> {
  const { rows } = await tx.query(
    `with picked as (
       select o.id as order_id, o.order_no, o.plate_no, o.parking_id, o.paid_cents, p.id as payment_id, p.channel, p.pay_time,
              row_number() over (order by o.id) as k
         from parking_order o join parking_order_payment p on p.order_id = o.id
        where o.state = $1 and p.channel in (1, 2) and o.paid_cents >= 200 and p.value_cents = o.paid_cents
          and abs(hashtext(o.id)) % 150 = 0
     ), shaped as (
       select picked.*, ${STATE_OF} as status, ($6::int[])[1 + k % ${REASONS.length}] as reason_code,
              -- a third the whole payment, the rest half of it in whole yuan
              case when k % 3 = 0 then paid_cents else greatest(100, paid_cents / 200 * 100) end as amount,
              -- waiting requests are from the last two days; the others a few hours to three days after paying
              case when ${STATE_OF} = ${S.APPLIED} then now() - make_interval(hours => (k % 47)::int + 1)
                   else least(now() - interval '1 hour', pay_time + make_interval(hours => (k % 72)::int + 1)) end as applied_at
         from picked
     )
     insert into parking_order_refund (id, order_id, refund_no, amount_cents, reason, reason_code, status, applicant, applicant_id,
                                       apply_time, payment_id, parking_id, channel, approver, approver_id, approve_time,
                                       audit_comment, attempts, channel_serial, fail_reason, refund_time, last_modify_time, order_no, plate_no)
     select 'rf-s' || k, order_id, 'RF' || to_char(applied_at at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MISS') || upper(substr(md5(order_id), 1, 8)),
            amount, ($7::jsonb) ->> reason_code::text, reason_code, status,
            $2, $3, applied_at, payment_id, parking_id, channel,
            case when status = ${S.APPLIED} then '' else $4 end, case when status = ${S.APPLIED} then '' else $5 end,
            case when status = ${S.APPLIED} then null else applied_at + interval '40 minutes' end,
            case when status = ${S.REJECTED} then '经核实计费无误，驳回' when status = ${S.CLOSED} then '已在收费亭退回现金，关闭退款单' else '' end,
            case when status in (${S.REFUNDED}, ${S.FAILED}, ${S.CLOSED}) then 1 else 0 end,
            case when status = ${S.REFUNDED} then case channel when 1 then '50' else '20' end || lpad((abs(hashtext(order_id)) % 1000000000)::text, 10, '0') else '' end,
            case when status in (${S.FAILED}, ${S.CLOSED}) then '渠道返回：原交易已超过可退款期限' else '' end,
            case when status = ${S.REFUNDED} then applied_at + interval '41 minutes' end,
            applied_at + interval '41 minutes', order_no, plate_no
       from shaped
     returning 1`,
    [ORDER_STATE.COMPLETED, ...APPLICANT, ...APPROVER, REASONS.map(([code]) => Number(code)), JSON.stringify(REFUND_REASON)],
  );
  // money paid back is counted on the order; what the stay cost and the payments taken stay
  await tx.query(
    `update parking_order o set refunded_cents = o.refunded_cents + r.amount_cents
       from parking_order_refund r where r.order_id = o.id and r.id like 'rf-s%' and r.status = $1`,
    [S.REFUNDED],
  );
  // the audit on the order: the request, then the decision (and the channel's answer)
  const labels = JSON.stringify(REFUND_STATUS);
  await tx.query(
    `insert into parking_order_audit (id, order_id, action, operator, before, after, reason, operate_time)
     select 'oa-' || r.id || '-' || step.n, r.order_id, step.action, step.operator,
            json_build_object('refundNo', r.refund_no, 'refundCents', r.amount_cents, 'refundStatus', step.before,
                              'refundStatusLabel', ($1::jsonb) ->> step.before::text),
            json_build_object('refundNo', r.refund_no, 'refundCents', r.amount_cents, 'refundStatus', step.after,
                              'refundStatusLabel', ($1::jsonb) ->> step.after::text),
            step.reason, step.at
       from parking_order_refund r,
            lateral (values
              (1, 'refund', r.applicant, ${S.APPLIED}, ${S.APPLIED}, r.reason, r.apply_time),
              (2, case r.status when ${S.REJECTED} then 'refund.reject' else 'refund.approve' end, r.approver, ${S.APPLIED},
                  case r.status when ${S.REJECTED} then ${S.REJECTED} else ${S.APPROVED} end,
                  case r.status when ${S.REJECTED} then r.audit_comment else '审核通过' end, r.approve_time),
              (3, case r.status when ${S.REFUNDED} then 'refund.succeed' else 'refund.fail' end, '支付渠道', ${S.REFUNDING},
                  case r.status when ${S.REFUNDED} then ${S.REFUNDED} else ${S.FAILED} end,
                  case r.status when ${S.REFUNDED} then '渠道退款成功' else r.fail_reason end, r.approve_time + interval '1 minute'),
              (4, 'refund.close', r.approver, ${S.FAILED}, ${S.CLOSED}, r.audit_comment, r.approve_time + interval '1 hour')
            ) as step(n, action, operator, before, after, reason, at)
      where r.id like 'rf-s%'
        and (step.n = 1 or (step.n = 2 and r.status <> ${S.APPLIED})
             or (step.n = 3 and r.status in (${S.REFUNDED}, ${S.FAILED}, ${S.CLOSED})) or (step.n = 4 and r.status = ${S.CLOSED}))`,
    [labels],
  );
  return rows.length;
}
