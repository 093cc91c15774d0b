import { chinaTime as time, text, type SheetColumn, sheetWorkbook } from '../lib/xlsx.ts';
import type { Row } from '../resource/spec.ts';
import { yuanNumber } from '../../domain/money.ts';
import { ORDER_STATE_LABELS, PAY_STATUS_LABELS, START_MODE_LABELS, STOP_REASON_LABELS } from '../../domain/charging-codes.ts';

/** The charging orders list as .xlsx, with kWh and the split amounts (steve #1004: kWh in the list). */

const COLUMNS: SheetColumn<Row>[] = [
  ['订单号', 28, (o) => text(o.orderNo)],
  ['充电站', 20, (o) => text(o.stationName)],
  ['桩编号', 16, (o) => text(o.pileNo)],
  ['枪号', 6, (o) => (o.gunNo as number) ?? ''],
  ['车牌', 10, (o) => text(o.plateNo)],
  ['启动方式', 10, (o) => START_MODE_LABELS[o.startMode as number] ?? ''],
  ['状态', 10, (o) => ORDER_STATE_LABELS[o.state as number] ?? ''],
  ['开始时间', 20, (o) => time(o.startTime)],
  ['结束时间', 20, (o) => time(o.endTime)],
  ['电量(kWh)', 10, (o) => Number(o.energyWh) / 1000],
  ['电费(元)', 10, (o) => yuanNumber(o.elecCents)],
  ['服务费(元)', 10, (o) => yuanNumber(o.serviceCents)],
  ['优惠(元)', 10, (o) => yuanNumber(o.discountCents)],
  ['应收(元)', 10, (o) => yuanNumber(o.totalCents)],
  ['实收(元)', 10, (o) => yuanNumber(o.paidCents)],
  ['退款(元)', 10, (o) => yuanNumber(o.refundCents)],
  ['支付状态', 10, (o) => PAY_STATUS_LABELS[o.payStatus as number] ?? ''],
  ['停止原因', 16, (o) => (o.stopReason === null ? '' : (STOP_REASON_LABELS[o.stopReason as number] ?? String(o.stopReason)))],
];

export const chargingOrderWorkbook = (rows: Row[]): Promise<Buffer> => sheetWorkbook('充电订单', COLUMNS, rows);
