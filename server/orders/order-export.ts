import { chinaTime as china, text, type SheetColumn, sheetWorkbook } from '../lib/xlsx.ts';
import type { Row } from '../resource/spec.ts';
import { CAR_CLASS, PAY_CHANNEL, PLATE_COLOR, SOURCE } from '../../domain/parking-codes.ts';
import { yuan } from '../../domain/money.ts';
import { STATE_LABEL, type OrderState } from '../../domain/parking-codes.ts';

/** The filtered order list as an .xlsx workbook: codes as words, amounts in yuan, times in China time. */

const duration = (sec: number): string => {
  const d = Math.floor(sec / 86400);
  const h = Math.floor((sec % 86400) / 3600);
  const m = Math.floor((sec % 3600) / 60);
  return `${d ? `${d}天` : ''}${h ? `${h}小时` : ''}${m}分钟`;
};

const COLUMNS: SheetColumn<Row>[] = [
  ['订单编号', 22, (o) => text(o.orderNo)],
  ['停车场', 24, (o) => text(o.parkingName)],
  ['区域', 12, (o) => text(o.areaName)],
  ['车牌号', 12, (o) => text(o.plateNo)],
  ['车牌颜色', 8, (o) => PLATE_COLOR[o.plateColor as number] ?? ''],
  ['车辆类型', 8, (o) => CAR_CLASS[o.carClass as number] ?? ''],
  ['入场时间', 20, (o) => china(o.entryTime)],
  ['出场时间', 20, (o) => china(o.exitTime)],
  ['停车时长', 14, (o) => duration(o.durationSec as number)],
  ['入场车道', 14, (o) => text(o.entryLaneName)],
  ['出场车道', 14, (o) => text(o.exitLaneName)],
  ['应收（元）', 10, (o) => yuan(o.receivableCents as number)],
  ['优惠（元）', 10, (o) => yuan(o.discountCents as number)],
  ['实收（元）', 10, (o) => yuan(Number(o.paidCents) - Number(o.refundedCents ?? 0))],
  ['欠费（元）', 10, (o) => yuan(o.owedCents as number)],
  ['支付渠道', 8, (o) => PAY_CHANNEL[o.payChannel as number] ?? ''],
  ['支付时间', 20, (o) => china(o.payTime)],
  ['订单来源', 8, (o) => SOURCE[o.source as number] ?? ''],
  ['订单状态', 10, (o) => STATE_LABEL[o.state as OrderState] ?? ''],
];

export const ORDER_EXPORT_HEADERS = COLUMNS.map(([h]) => h);

export function orderWorkbook(rows: Row[]): Promise<Buffer> {
  return sheetWorkbook('停车订单', COLUMNS, rows);
}
