import { type Expression, type SqlBool, sql } from 'kysely';
import Type from 'typebox';
import { type Eb, type Filter, type Row, defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import {
  AGE_BUCKET_LIMITS,
  AGE_BUCKETS,
  ARREARS_STATUSES,
  ARREARS_STATUS_LABEL,
  type ArrearsStatus,
  ageBucketOf,
  ageDays,
} from '../../domain/arrears-codes.ts';
import { chinaIso } from '../../domain/china-time.ts';
import { yuan } from '../../domain/money.ts';
import { CSV_TYPE, csvText } from '../lib/csv.ts';
import { plateQuery } from './parking-orders.ts';
import { arrearsActions } from './row-actions.ts';

/**
 * 欠费记录 (read side): the debts with the fields and filters of money-and-charging.md §5 (lot,
 * plate, ageing bucket, amount range, status), totals of the filtered set, lot scope. Records are
 * made by the arrears job and changed only by the audited actions of routes/arrears.ts.
 */

const DAY = 86_400_000;

/**
 * exit_time bounds of an ageing bucket at `now`: ≤ 7 d (0–7 whole days) is an exit after now − 8 d,
 * 8–30 d one at or before now − 8 d and after now − 31 d, and so on; older has no lower bound.
 */
export const bucketBounds = (bucket: number, now: number): { atOrBefore: number; after: number | null } => {
  const limits = [-1, ...AGE_BUCKET_LIMITS];
  return { atOrBefore: now - (limits[bucket - 1] + 1) * DAY, after: bucket < 4 ? now - (limits[bucket] + 1) * DAY : null };
};

function bucketWhere(eb: Eb, bucket: number, now = Date.now()): Expression<SqlBool> {
  const { atOrBefore, after } = bucketBounds(bucket, now);
  const old = eb('arrearsRecord.exitTime', '<=', new Date(atOrBefore));
  return after === null ? old : eb.and([old, eb('arrearsRecord.exitTime', '>', new Date(after))]);
}

const cents = (title: string, op: '>=' | '<='): Filter => ({
  schema: f.cents(title),
  where: (eb, v: number) => eb('arrearsRecord.owedCents', op, v),
});

const codes = (title: string, values: readonly number[]) =>
  f.int(title, { min: Math.min(...values), max: Math.max(...values), msg: `${title}筛选值只能是${values.join('、')}之一` });

const filters: Record<string, Filter> = {
  parkingId: filter.eq('arrearsRecord.parkingId', Type.String({ title: '停车场', maxLength: 64 })),
  plateNo: {
    schema: Type.String({ title: '车牌号', maxLength: 10 }),
    where: (eb, raw: string) => eb('arrearsRecord.plateNo', 'like', `%${plateQuery(raw).replace(/[\\%_]/g, '\\$&')}%`),
  },
  orderNo: filter.eq('arrearsRecord.orderNo', Type.String({ title: '订单编号', maxLength: 64 })),
  status: filter.eq('arrearsRecord.status', codes('欠费状态', ARREARS_STATUSES)),
  ageBucket: { schema: codes('账龄', AGE_BUCKETS), where: (eb, v: number) => bucketWhere(eb, v) },
  owedMin: cents('最低欠费金额', '>='),
  owedMax: cents('最高欠费金额', '<='),
};

const EXPORT_COLUMNS: [string, string][] = [
  ['orderNo', '订单编号'],
  ['parkingName', '停车场'],
  ['plateNo', '车牌'],
  ['exitTime', '出场时间'],
  ['principal', '应追缴（元）'],
  ['recovered', '已追缴（元）'],
  ['writtenOff', '已核销（元）'],
  ['owed', '待追缴（元）'],
  ['ageDays', '账龄（天）'],
  ['status', '状态'],
  ['noticeCount', '通知次数'],
  ['recoveredTime', '追缴时间'],
  ['recoveredLotName', '追缴车场'],
  ['recoveredBy', '追缴人'],
  ['writeOffReason', '核销原因'],
];

const at = (v: unknown): string =>
  v instanceof Date ? chinaIso(v.getTime()) : v ? chinaIso(new Date(typeof v === 'number' ? v : String(v)).getTime()) : '';
const exportRow = (r: Row): Row => ({
  ...r,
  exitTime: at(r.exitTime),
  recoveredTime: at(r.recoveredTime),
  principal: yuan(Number(r.principalCents)),
  recovered: yuan(Number(r.recoveredCents)),
  writtenOff: yuan(Number(r.writtenOffCents)),
  owed: yuan(Number(r.owedCents)),
  status: ARREARS_STATUS_LABEL[Number(r.status) as ArrearsStatus],
});

export const arrearsRecords = defineResource({
  table: 'arrearsRecord',
  path: '/api/arrears/ArrearsRecord',
  idPrefix: 'ar',
  module: 'arrearsRecord',
  fields: {},
  required: [],
  filters,
  derived: {
    parkingName: derive.lookup('parking', 'parkingId', 'parkingName'),
    recoveredLotName: derive.lookup('parking', 'recoveredLotId', 'parkingName', ''),
  },
  orderBy: [
    ['exitTime', 'desc'],
    ['id', 'desc'],
  ],
  summary: {
    columns: {
      recordCount: (eb) => eb.fn.countAll<number>(),
      principalCents: () => sql`coalesce(sum(principal_cents), 0)::float8`,
      recoveredCents: () => sql`coalesce(sum(recovered_cents), 0)::float8`,
      writtenOffCents: () => sql`coalesce(sum(written_off_cents), 0)::float8`,
      owedCents: () => sql`coalesce(sum(owed_cents), 0)::float8`,
    },
  },
  lot: { column: 'parkingId' },
  access: {
    list: { menus: ['arrearsRecord', 'arrearsNotice'] },
    get: { menus: ['arrearsRecord', 'arrearsNotice'] },
  },
  describe: (v: Row) => `${String(v.orderNo)} ${String(v.plateNo)}`,
  export: {
    button: 'arrears:export',
    fileName: '欠费记录.csv',
    file: async (rows) => ({ body: csvText(EXPORT_COLUMNS, rows.map(exportRow)), type: CSV_TYPE }),
  },
  toJson: (r: Row) => {
    const days = ageDays((r.exitTime as Date).getTime(), Date.now());
    return {
      ...r,
      receivableCents: Number(r.receivableCents),
      discountCents: Number(r.discountCents),
      paidCents: Number(r.paidCents),
      principalCents: Number(r.principalCents),
      recoveredCents: Number(r.recoveredCents),
      writtenOffCents: Number(r.writtenOffCents),
      owedCents: Number(r.owedCents),
      ageDays: days,
      ageBucket: ageBucketOf(days),
      actions: arrearsActions(Number(r.status)),
    };
  },
});
