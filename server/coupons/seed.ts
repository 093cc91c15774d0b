import type { Db } from '../db/database.ts';
import { DAY_MS, chinaDate } from '../../domain/china-time.ts';
import { COUPON_STATE } from '../../domain/coupon-codes.ts';
import { seededRandom } from '../services/parking-plates.ts';
import { randomCar } from '../seed/traffic-model.ts';
import { unnestInsert } from '../seed/traffic-insert.ts';
import { maxCentsOf } from './store.ts';
import { TEMPLATES, type Tpl } from './seed-templates.ts';

/**
 * The demo coupons: templates of the seeded merchants, the coupons the order history used (one per
 * order coupon row, issued within their validity before the stay, the merchant's ledger paying what
 * each took off), and coupons issued and not used: still valid, expired or voided. Deterministic
 * apart from `now`; bulk inserts, a few thousand rows.
 */

interface Rec {
  id: string;
  couponNo: string;
  t: Tpl;
  plateNo: string;
  state: number;
  issue: number;
  expire: number;
  orderId: string | null;
  useTime: number | null;
  deducted: number;
  voidReason: string;
}

const VOID_REASONS = ['发错车牌', '顾客退单', '重复发放'];

export async function seedCoupons(tx: Db, now = Date.now()): Promise<number> {
  const rnd = seededRandom(20260224);
  await unnestInsert(tx, 'coupon_template', TEMPLATES, [
    ['id', 'text', (t) => t.id],
    ['template_name', 'text', (t) => t.name],
    ['merchant_id', 'text', (t) => t.merchantId],
    ['parking_ids', 'text', (t) => `{${t.lots.join(',')}}`, 'parking_ids::text[]'],
    ['coupon_type', 'int2', (t) => t.type],
    ['face_value', 'int4', (t) => t.face],
    ['cap_cents', 'int8', (t) => t.cap],
    ['valid_days', 'int4', (t) => t.days],
    ['stock', 'int4', (t) => t.stock],
    ['per_plate_limit', 'int4', (t) => t.limit],
    ['stackable', 'int2', (t) => t.stackable],
    ['enabled_mark', 'int2', (t) => t.enabled],
  ]);

  const records: Rec[] = [];
  let seq = 0;
  const no = (at: number) => `CP${chinaDate(at).replaceAll('-', '')}S${(++seq).toString(36).toUpperCase().padStart(6, '0')}`;
  const byMerchantFace = (merchantName: string, face: number) =>
    TEMPLATES.find(
      (t) => t.type === 1 && t.face === face && t.merchantId === (merchantName.includes('星巴克') ? 'm-hac-starbucks' : 'm-hac-cinema'),
    )!;

  // the coupons the seeded stays used: issued up to five days before, valid seven
  const { rows: used } = await tx.query<{
    coupon_no: string;
    order_id: string;
    merchant_name: string;
    face_value: number;
    deducted_cents: string;
    use_time: Date;
    plate_no: string;
  }>(
    `select c.coupon_no, c.order_id, c.merchant_name, c.face_value, c.deducted_cents, c.use_time, o.plate_no
       from parking_order_coupon c join parking_order o on o.id = c.order_id order by c.use_time`,
  );
  for (const u of used) {
    const t = byMerchantFace(u.merchant_name, Number(u.face_value));
    const useTime = u.use_time.getTime();
    const issue = useTime - Math.floor(10 + rnd() * 5 * 24 * 60) * 60_000;
    records.push({
      id: `cr-s${seq.toString(36)}u`,
      couponNo: u.coupon_no,
      t,
      plateNo: u.plate_no,
      state: COUPON_STATE.USED,
      issue,
      expire: issue + t.days * DAY_MS,
      orderId: u.order_id,
      useTime,
      deducted: Number(u.deducted_cents),
      voidReason: '',
    });
    seq++;
  }

  // issued and not used over the last 60 days: the older ones expired, a few voided
  const open = TEMPLATES.filter((t) => t.enabled);
  for (let i = 0; i < 1800; i++) {
    const t = open[Math.floor(rnd() * open.length)];
    const issue = now - Math.floor(rnd() * 60 * 24 * 60) * 60_000;
    const expire = issue + t.days * DAY_MS;
    const voided = rnd() < 0.03;
    records.push({
      id: `cr-s${seq.toString(36)}i`,
      couponNo: no(issue),
      t,
      plateNo: randomCar(rnd).plateNo,
      state: voided ? COUPON_STATE.VOID : expire <= now ? COUPON_STATE.EXPIRED : COUPON_STATE.ISSUED,
      issue,
      expire,
      orderId: null,
      useTime: null,
      deducted: 0,
      voidReason: voided ? VOID_REASONS[Math.floor(rnd() * VOID_REASONS.length)] : '',
    });
  }

  await unnestInsert(tx, 'coupon_record', records, [
    ['id', 'text', (r) => r.id],
    ['coupon_no', 'text', (r) => r.couponNo],
    ['template_id', 'text', (r) => r.t.id],
    ['merchant_id', 'text', (r) => r.t.merchantId],
    ['template_name', 'text', (r) => r.t.name],
    ['parking_ids', 'text', (r) => `{${r.t.lots.join(',')}}`, 'parking_ids::text[]'],
    ['coupon_type', 'int2', (r) => r.t.type],
    ['face_value', 'int4', (r) => r.t.face],
    ['cap_cents', 'int8', (r) => r.t.cap],
    ['stackable', 'int2', (r) => r.t.stackable],
    ['plate_no', 'text', (r) => r.plateNo],
    ['state', 'int2', (r) => r.state],
    ['issue_time', 'float8', (r) => r.issue, 'to_timestamp(issue_time / 1000.0)'],
    ['start_time', 'float8', (r) => r.issue, 'to_timestamp(start_time / 1000.0)'],
    ['expire_time', 'float8', (r) => r.expire, 'to_timestamp(expire_time / 1000.0)'],
    ['max_cents', 'int8', (r) => maxCentsOf(r.t.type, r.t.face, r.t.cap)],
    ['issuer', 'text', () => '商户自助发券'],
    ['order_id', 'text', (r) => r.orderId],
    ['used_parking_id', 'text', (r) => (r.orderId ? r.t.lots[0] : null)],
    ['use_time', 'float8', (r) => r.useTime, 'case when use_time is null then null else to_timestamp(use_time / 1000.0) end'],
    ['deducted_cents', 'int8', (r) => r.deducted],
    ['void_reason', 'text', (r) => r.voidReason],
  ]);
  // each coupon's history: issued, then used, expired or voided
  const snap = (r: Rec, state: number) =>
    JSON.stringify({
      couponNo: r.couponNo,
      plateNo: r.plateNo,
      state,
      deductedCents: state === 1 ? r.deducted : 0,
      orderId: state === 1 ? r.orderId : null,
    });
  const audits = records.flatMap((r) => {
    const issued = {
      id: `${r.id}-a0`,
      recordId: r.id,
      action: 'issue',
      operator: '商户自助发券',
      at: r.issue,
      before: '{}',
      after: snap(r, 0),
      reason: r.t.name,
    };
    if (r.state === COUPON_STATE.ISSUED) return [issued];
    const end =
      r.state === COUPON_STATE.USED
        ? { action: 'use', operator: '出口收费', at: r.useTime!, reason: `抵扣${(r.deducted / 100).toFixed(2)}元` }
        : r.state === COUPON_STATE.EXPIRED
          ? { action: 'expire', operator: '系统（到期任务）', at: r.expire, reason: '到期未使用' }
          : { action: 'void', operator: '商户', at: r.issue + 3_600_000, reason: r.voidReason };
    return [issued, { id: `${r.id}-a1`, recordId: r.id, before: snap(r, 0), after: snap(r, r.state), ...end }];
  });
  await unnestInsert(tx, 'coupon_record_audit', audits, [
    ['id', 'text', (a) => a.id],
    ['record_id', 'text', (a) => a.recordId],
    ['action', 'text', (a) => a.action],
    ['operator', 'text', (a) => a.operator],
    ['operate_time', 'float8', (a) => a.at, 'to_timestamp(operate_time / 1000.0)'],
    ['before', 'text', (a) => a.before, 'before::jsonb'],
    ['after', 'text', (a) => a.after, 'after::jsonb'],
    ['reason', 'text', (a) => a.reason],
  ]);
  await tx.query(`update coupon_template t set issued_count = (select count(*) from coupon_record r where r.template_id = t.id)`);
  await seedLedger(tx, records);
  return records.length;
}

/**
 * The merchants' ledgers: a top-up before the first coupon, then one row per coupon used, so the
 * balance after the last one is the merchant's balance now.
 */
async function seedLedger(tx: Db, records: Rec[]): Promise<void> {
  const { rows } = await tx.query<{ id: string; balance: string }>('select id, balance from merchant');
  const ledger: {
    id: string;
    merchantId: string;
    kind: number;
    amount: number;
    after: number;
    couponNo: string;
    orderId: string | null;
    at: number;
    note: string;
  }[] = [];
  for (const m of rows) {
    const uses = records.filter((r) => r.t.merchantId === m.id && r.state === COUPON_STATE.USED).sort((a, b) => a.useTime! - b.useTime!);
    let balance = Number(m.balance) + uses.reduce((s, r) => s + r.deducted, 0);
    const first = Math.min(...records.filter((r) => r.t.merchantId === m.id).map((r) => r.issue), Date.now());
    if (balance > 0)
      ledger.push({
        id: `ml-s-${m.id}-0`,
        merchantId: m.id,
        kind: 2,
        amount: balance,
        after: balance,
        couponNo: '',
        orderId: null,
        at: first - DAY_MS,
        note: '预付充值',
      });
    for (const [i, r] of uses.entries()) {
      balance -= r.deducted;
      ledger.push({
        id: `ml-s-${m.id}-${i + 1}`,
        merchantId: m.id,
        kind: 1,
        amount: -r.deducted,
        after: balance,
        couponNo: r.couponNo,
        orderId: r.orderId,
        at: r.useTime!,
        note: `${r.t.name}抵扣停车费`,
      });
    }
  }
  await unnestInsert(tx, 'merchant_ledger', ledger, [
    ['id', 'text', (l) => l.id],
    ['merchant_id', 'text', (l) => l.merchantId],
    ['kind', 'int2', (l) => l.kind],
    ['amount_cents', 'int8', (l) => l.amount],
    ['balance_after', 'int8', (l) => l.after],
    ['coupon_no', 'text', (l) => l.couponNo],
    ['order_id', 'text', (l) => l.orderId],
    ['operator', 'text', (l) => (l.kind === 2 ? '财务' : '出口收费')],
    ['create_time', 'float8', (l) => l.at, 'to_timestamp(create_time / 1000.0)'],
    ['note', 'text', (l) => l.note],
  ]);
}
