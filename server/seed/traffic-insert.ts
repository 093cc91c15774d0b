import type { Db } from '../db/database.ts';
import { plateGrams } from '../entities/parking-orders.ts';

/**
 * Bulk insert of generated orders, payments and coupons: one `insert … select from unnest(arrays)`
 * per few thousand rows, so 100,000 orders are a few dozen statements. Times travel as epoch
 * milliseconds.
 */

export interface NewOrder {
  id: string;
  orderNo: string;
  parkingId: string;
  areaId: string | null;
  spaceNo: string;
  plateNo: string;
  plateColor: number | null;
  carClass: number;
  source: number;
  entryLaneId: string | null;
  exitLaneId: string | null;
  entryTime: number;
  exitTime: number | null;
  state: number;
  receivableCents: number;
  discountCents: number;
  paidCents: number;
  owedCents: number;
  payChannel: number;
  payTime: number | null;
  ruleId: string | null;
  ruleVersion: number | null;
  collector: string;
  releaseReason: string;
  /** a card stay's cover as billed (fees/card-cover.ts), JSON; null for other stays */
  cardCover?: string | null;
}

export interface NewPayment {
  orderId: string;
  channel: number;
  serialNo: string;
  payTime: number;
  valueCents: number;
  changeCents: number;
  operator: string;
}

export interface NewCoupon {
  orderId: string;
  couponNo: string;
  merchantName: string;
  couponType: number;
  faceValue: number;
  deductedCents: number;
  useTime: number;
}

const CHUNK = 5000;

const ts = (col: string) => `case when ${col} is null then null else to_timestamp(${col} / 1000.0) end`;

/** Inserts `rows` with one unnest per column: [name, sql type, value]. `select` may wrap the unnested names. */
export async function unnestInsert<T>(
  tx: Db,
  table: string,
  rows: T[],
  columns: [name: string, type: string, value: (r: T) => unknown, select?: string][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const part = rows.slice(start, start + CHUNK);
    const params = columns.map(([, , value]) => part.map(value));
    const from = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
    const names = columns.map(([name]) => name);
    const select = columns.map(([name, , , expr]) => expr ?? name).join(', ');
    await tx.query(`insert into ${table} (${names.join(', ')}) select ${select} from unnest(${from}) as t(${names.join(', ')})`, params);
  }
}

/**
 * Drops the secondary indexes of `table`, runs `load`, then builds them again: building an index
 * once over the loaded rows is several times cheaper than keeping a dozen up to date row by row.
 */
async function withoutIndexes(tx: Db, table: string, load: () => Promise<void>): Promise<void> {
  const { rows } = await tx.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.tablename = $1 and i.schemaname = current_schema()
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  for (const r of rows) await tx.query(`drop index ${r.name}`);
  // the generator only names lots, areas and lanes it read: skip the per-row foreign-key checks
  // where the role may (PGlite, a superuser); elsewhere they run
  const replica = await tx
    .query("select set_config('session_replication_role', 'replica', true)")
    .then(() => true)
    .catch(() => false);
  await load();
  if (replica) {
    await tx.query("select set_config('session_replication_role', 'origin', true)");
    // the kept totals' triggers were off for the load: recount them once
    await tx.query('select finance_day_rebuild()');
    await tx.query('select parking_hour_rebuild()');
    await tx.query(`delete from parking_order_totals`);
    await tx.query(
      `insert into parking_order_totals
       select parking_id, count(*), sum(receivable_cents), sum(discount_cents), sum(paid_cents), sum(owed_cents), sum(refunded_cents)
         from parking_order group by parking_id`,
    );
  }
  for (const r of rows) await tx.query(r.def);
}

export async function insertOrders(tx: Db, orders: NewOrder[], payments: NewPayment[], coupons: NewCoupon[]): Promise<void> {
  if (orders.length < 20_000) return insertAll(tx, orders, payments, coupons);
  await withoutIndexes(tx, 'parking_order', () => insertAll(tx, orders, payments, coupons));
  await tx.query('analyze parking_order');
}

async function insertAll(tx: Db, orders: NewOrder[], payments: NewPayment[], coupons: NewCoupon[]): Promise<void> {
  await unnestInsert(tx, 'parking_order', orders, [
    ['id', 'text', (o) => o.id],
    ['order_no', 'text', (o) => o.orderNo],
    ['parking_id', 'text', (o) => o.parkingId],
    ['area_id', 'text', (o) => o.areaId],
    ['space_no', 'text', (o) => o.spaceNo],
    ['plate_no', 'text', (o) => o.plateNo],
    ['plate_grams', 'text', (o) => plateGrams(o.plateNo).join(','), "string_to_array(plate_grams, ',')"],
    ['plate_color', 'int2', (o) => o.plateColor],
    ['car_class', 'int2', (o) => o.carClass],
    ['source', 'int2', (o) => o.source],
    ['entry_lane_id', 'text', (o) => o.entryLaneId],
    ['exit_lane_id', 'text', (o) => o.exitLaneId],
    ['entry_time', 'float8', (o) => o.entryTime, ts('entry_time')],
    ['exit_time', 'float8', (o) => o.exitTime, ts('exit_time')],
    ['state', 'int2', (o) => o.state],
    ['receivable_cents', 'int8', (o) => o.receivableCents],
    ['discount_cents', 'int8', (o) => o.discountCents],
    ['paid_cents', 'int8', (o) => o.paidCents],
    ['owed_cents', 'int8', (o) => o.owedCents],
    ['pay_channel', 'int2', (o) => o.payChannel],
    ['pay_time', 'float8', (o) => o.payTime, ts('pay_time')],
    ['rule_id', 'text', (o) => o.ruleId],
    ['rule_version', 'int4', (o) => o.ruleVersion],
    ['collector', 'text', (o) => o.collector],
    ['release_reason', 'text', (o) => o.releaseReason],
    ['card_cover', 'text', (o) => o.cardCover ?? null, 'card_cover::jsonb'],
    ['create_time', 'float8', (o) => o.entryTime, ts('create_time')],
  ]);
  const lotOf = new Map(orders.map((o) => [o.id, o.parkingId]));
  // named after their order (one payment, one coupon each), so a history written day by day never repeats an id
  await unnestInsert(tx, 'parking_order_payment', payments, [
    ['id', 'text', (p) => `pay-${p.orderId}`],
    ['order_id', 'text', (p) => p.orderId],
    [
      'parking_id',
      'text',
      (p) => lotOf.get(p.orderId) ?? null,
      'coalesce(parking_id, (select o.parking_id from parking_order o where o.id = order_id))',
    ],
    ['channel', 'int2', (p) => p.channel],
    ['serial_no', 'text', (p) => p.serialNo],
    ['pay_time', 'float8', (p) => p.payTime, ts('pay_time')],
    ['value_cents', 'int8', (p) => p.valueCents],
    ['change_cents', 'int8', (p) => p.changeCents],
    ['operator', 'text', (p) => p.operator],
  ]);
  await unnestInsert(tx, 'parking_order_coupon', coupons, [
    ['id', 'text', (c) => `cp-${c.orderId}`],
    ['order_id', 'text', (c) => c.orderId],
    ['coupon_no', 'text', (c) => c.couponNo],
    ['merchant_name', 'text', (c) => c.merchantName],
    ['coupon_type', 'int2', (c) => c.couponType],
    ['face_value', 'int4', (c) => c.faceValue],
    ['deducted_cents', 'int8', (c) => c.deductedCents],
    ['use_time', 'float8', (c) => c.useTime, ts('use_time')],
  ]);
}
