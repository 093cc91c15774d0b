import { OPEN_STAY } from '../figures/parking.ts';
import { type Expression, type SqlBool, sql } from 'kysely';
import Type from 'typebox';
import { type Eb, type Filter, defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { CAR_CLASSES, PAY_CHANNELS, SOURCES } from '../../domain/parking-codes.ts';
import { ORDER_STATES } from '../../domain/parking-codes.ts';
import { orderWorkbook } from '../orders/order-export.ts';
import { XLSX_TYPE } from '../resource/export.ts';

/**
 * 停车订单 (read side): the list with the filters and columns of money-and-charging.md §3.2, totals
 * of the filtered set, lot scope. Orders are written by exits and the simulator and changed only by
 * the audited actions of routes/order-actions.ts, so the resource has no create, update or delete.
 */

/** A plate as typed for searching: capitals, no dot or blanks. */
export const plateQuery = (v: string): string => v.toUpperCase().replace(/[·\s]/g, '');

/** The 3-character pieces of a plate, as the migration's plate_grams() cuts them. */
export const plateGrams = (p: string): string[] => {
  const chars = [...p];
  return [...new Set(chars.slice(0, Math.max(chars.length - 2, 0)).map((_, i) => chars.slice(i, i + 3).join('')))];
};

const likeArg = (s: string): string => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

const fuzzyPlate: Filter = {
  schema: Type.String({ title: '车牌号', maxLength: 10 }),
  where: (eb, raw: string) => {
    const v = plateQuery(raw);
    const like = eb('parkingOrder.plateNo', 'like', likeArg(v));
    if ([...v].length < 3) return like;
    // the GIN index on plate_grams finds candidates; like keeps the pieces in order
    return eb.and([sql<SqlBool>`${sql.ref('parkingOrder.plateGrams')} @> ${sql.val(plateGrams(v))}::text[]`, like]);
  },
};

const codes = (title: string, values: readonly number[]) =>
  f.int(title, { max: Math.max(...values), msg: `${title}筛选值只能是${values.join('、')}之一` });

/**
 * "from,to": epoch seconds or milliseconds, or China wall-clock times "YYYY-MM-DD HH:mm[:ss]" (what
 * the page's date-time range sends: amis parses its own value again on every render, and only this
 * form without a deprecation warning).
 */
const AT = String.raw`(\d{10,13}|\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?)`;
const RANGE_RE = new RegExp(`^${AT},${AT}$`);
const instant = (s: string): Date =>
  s.includes('-')
    ? new Date(`${s.replace(' ', 'T')}${s.length === 16 ? ':00' : ''}+08:00`)
    : new Date(s.length > 10 ? Number(s) : Number(s) * 1000);
const timeRange = (column: string, title: string): Filter => ({
  schema: Type.String({
    title,
    pattern: RANGE_RE.source,
    'x-msg': `${title}格式不正确，应为“开始,结束”，如 2026-03-02 08:00:00,2026-03-02 18:00:00`,
  }),
  where: (eb, v: string) => {
    const [from, to] = v.split(',');
    return eb.and([eb(column, '>=', instant(from)), eb(column, '<=', instant(to))]);
  },
});

const cents = (title: string, op: '>=' | '<='): Filter => ({
  schema: f.cents(title),
  where: (eb, v: number) => eb('parkingOrder.receivableCents', op, v),
});

const filters: Record<string, Filter> = {
  parkingId: filter.eq('parkingOrder.parkingId', Type.String({ title: '停车场', maxLength: 64 })),
  areaId: filter.eq('parkingOrder.areaId', Type.String({ title: '区域', maxLength: 64 })),
  plateNo: fuzzyPlate,
  // an order's number exactly, as a receipt or a complaint gives it
  orderNo: filter.eq('parkingOrder.orderNo', Type.String({ title: '订单编号', maxLength: 64 })),
  plateColor: filter.eq('parkingOrder.plateColor', codes('车牌颜色', [1, 2, 3, 4, 5])),
  carClass: filter.eq('parkingOrder.carClass', codes('车辆类型', CAR_CLASSES)),
  state: filter.eq('parkingOrder.state', codes('订单状态', ORDER_STATES)),
  payChannel: filter.eq('parkingOrder.payChannel', codes('支付渠道', PAY_CHANNELS)),
  source: filter.eq('parkingOrder.source', codes('订单来源', SOURCES)),
  entryTime: timeRange('parkingOrder.entryTime', '入场时间'),
  exitTime: timeRange('parkingOrder.exitTime', '出场时间'),
  amountMin: cents('最低应收金额', '>='),
  amountMax: cents('最高应收金额', '<='),
  // the cars in the lot now, as the dashboard counts them (figures/parking.ts OPEN_STAY)
  inPark: {
    schema: f.int('在场状态', { max: 1, msg: '在场状态筛选值只能是0或1' }),
    where: (_eb: Eb, v: number): Expression<SqlBool> =>
      v ? sql<SqlBool>`(${sql.raw(OPEN_STAY)})` : sql<SqlBool>`not (${sql.raw(OPEN_STAY)})`,
  },
  hasRefund: {
    schema: f.int('有退款', { max: 1, msg: '有退款筛选值只能是0或1' }),
    where: (eb: Eb, v: number): Expression<SqlBool> => {
      const any = eb.exists(eb.selectFrom('parkingOrderRefund as r').select('r.id').whereRef('r.orderId', '=', 'parkingOrder.id'));
      return v ? any : eb.not(any);
    },
  },
};

const laneName = (fk: string) => derive.lookup('parkingLane', fk, 'laneName', '');

export const parkingOrders = defineResource({
  table: 'parkingOrder',
  path: '/api/order/ParkingOrder',
  idPrefix: 'o',
  module: 'parkingOrder',
  fields: {},
  required: [],
  filters,
  derived: {
    parkingName: derive.lookup('parking', 'parkingId', 'parkingName'),
    areaName: derive.lookup('parkingArea', 'areaId', 'areaName', ''),
    entryLaneName: laneName('entryLaneId'),
    exitLaneName: laneName('exitLaneId'),
  },
  orderBy: [
    ['entryTime', 'desc'],
    ['id', 'desc'],
  ],
  summary: {
    columns: {
      orderCount: (eb) => eb.fn.countAll<number>(),
      receivableCents: () => sql`coalesce(sum(receivable_cents), 0)::float8`,
      discountCents: () => sql`coalesce(sum(discount_cents), 0)::float8`,
      paidCents: () => sql`coalesce(sum(paid_cents), 0)::float8`,
      owedCents: () => sql`coalesce(sum(owed_cents), 0)::float8`,
      refundedCents: () => sql`coalesce(sum(refunded_cents), 0)::float8`,
    },
    // the unfiltered list (or one lot's) adds up the per-lot totals the writes keep (migration 016)
    kept: { table: 'parking_order_totals', lotColumn: 'parking_id', lotFilter: 'parkingId', count: 'orderCount' },
  },
  lot: { column: 'parkingId' },
  access: {
    list: { menus: ['parkingRecordOrder'] },
    // the details answer (routes/order-details.ts) replaces the plain record
    get: false,
  },
  describe: (v) => `${v.orderNo} ${v.plateNo}`,
  export: {
    button: 'order:export',
    fileName: '停车订单.xlsx',
    file: async (rows) => ({ body: await orderWorkbook(rows), type: XLSX_TYPE }),
  },
  toJson: (r) => {
    const { plateGrams: _grams, feeLines: _lines, photoKey: _key, ...rest } = r;
    const exit = r.exitTime instanceof Date ? r.exitTime.getTime() : Date.now();
    return {
      ...rest,
      receivableCents: Number(r.receivableCents),
      discountCents: Number(r.discountCents),
      paidCents: Number(r.paidCents),
      owedCents: Number(r.owedCents),
      refundedCents: Number(r.refundedCents ?? 0),
      // 实收: what the order kept of its payments (a refund never changes 应收)
      netPaidCents: Number(r.paidCents) - Number(r.refundedCents ?? 0),
      durationSec: Math.max(0, Math.floor((exit - (r.entryTime as Date).getTime()) / 1000)),
    };
  },
});
