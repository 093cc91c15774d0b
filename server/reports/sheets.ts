import { type SheetColumn, sheetWorkbook } from '../lib/xlsx.ts';
import { MONEY_SOURCE_LABEL, MONEY_SOURCES } from '../figures/money.ts';
import type { StationRevenue } from '../figures/charging.ts';
import type { ChannelRow } from './channel.ts';
import type { DailyRow } from './daily.ts';

/** The reports as xlsx: the screen's columns in yuan, a 合计 row last; text cells are formula-safe (lib/xlsx.ts). */

const yuan = (cents: number) => Math.round(cents) / 100;
const kwh = (wh: number) => Math.round(wh / 10) / 100;

type Total<T> = Partial<T>;

export function dailySheet(rows: DailyRow[], totals: Omit<DailyRow, 'day' | 'parkingId' | 'parkingName' | 'dayOpen'>): Promise<Buffer> {
  const columns: SheetColumn<Total<DailyRow>>[] = [
    ['日期', 14, (r) => (r.day ? `${r.day}${r.dayOpen ? '（未结束）' : ''}` : '合计')],
    ['停车场', 22, (r) => (r.day ? r.parkingName || '未归属车场' : '')],
    ['出场订单', 10, (r) => r.orders ?? 0],
    ['应收(元)', 12, (r) => yuan(r.receivableCents ?? 0)],
    ['优惠(元)', 12, (r) => yuan(r.discountCents ?? 0)],
    ['现金(元)', 12, (r) => yuan(r.cashCents ?? 0)],
    ['电子支付(元)', 14, (r) => yuan(r.electronicCents ?? 0)],
    ['退款(元)', 12, (r) => yuan(r.refundCents ?? 0)],
    ['新增欠费(元)', 14, (r) => yuan(r.newArrearsCents ?? 0)],
    ['追缴(元)', 12, (r) => yuan(r.recoveredCents ?? 0)],
    ['卡收入(元)', 12, (r) => yuan(r.cardCents ?? 0)],
    ['净收(元)', 12, (r) => yuan(r.netCents ?? 0)],
  ];
  return sheetWorkbook('日报表', columns, [...rows, { ...totals, day: '', parkingName: '' }]);
}

export function channelSheet(
  rows: ChannelRow[],
  totals: Omit<ChannelRow, 'channel' | 'channelLabel' | 'share' | 'sharePercent'>,
): Promise<Buffer> {
  const columns: SheetColumn<ChannelRow>[] = [
    ['支付渠道', 14, (r) => r.channelLabel],
    ['笔数', 10, (r) => r.moves],
    ['收入(元)', 12, (r) => yuan(r.inCents)],
    ['退款(元)', 12, (r) => yuan(r.refundCents)],
    ['净收(元)', 12, (r) => yuan(r.netCents)],
    ['占比', 10, (r) => `${(r.share * 100).toFixed(1)}%`],
    ...MONEY_SOURCES.map((s): SheetColumn<ChannelRow> => [`${MONEY_SOURCE_LABEL[s]}(元)`, 14, (r) => yuan(r.bySource[s])]),
  ];
  return sheetWorkbook('渠道收入', columns, [
    ...rows,
    { ...totals, channel: -1, channelLabel: '合计', share: rows.length ? 1 : 0, sharePercent: rows.length ? 100 : 0 },
  ]);
}

export function chargingSheet(
  rows: StationRevenue[],
  totals: Omit<StationRevenue, 'stationId' | 'stationName' | 'parkingId'>,
): Promise<Buffer> {
  const columns: SheetColumn<Total<StationRevenue>>[] = [
    ['充电站', 22, (r) => r.stationName ?? '合计'],
    ['订单数', 10, (r) => r.orders ?? 0],
    ['电量(kWh)', 12, (r) => kwh(r.energyWh ?? 0)],
    ['电费(元)', 12, (r) => yuan(r.elecCents ?? 0)],
    ['服务费(元)', 12, (r) => yuan(r.serviceCents ?? 0)],
    ['优惠(元)', 12, (r) => yuan(r.discountCents ?? 0)],
    ['实收(元)', 12, (r) => yuan(r.receivedCents ?? 0)],
  ];
  return sheetWorkbook('充电收入', columns, [...rows, totals]);
}
