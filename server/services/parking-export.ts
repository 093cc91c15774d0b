import type { ParkingLot as ParkingJson } from '../entities/parking-lots.ts';
import { type SheetColumn, sheetWorkbook } from '../lib/xlsx.ts';

/** The lots list as an .xlsx workbook: the columns an operator reads, codes turned into words. */

const TYPE: Record<number, string> = { 0: '路内泊位', 1: '道闸车场', 4: '充电站' };
const ROAD: Record<number, string> = { 1: '路内', 2: '路外' };
const KIND: Record<number, string> = { 1: '地面', 2: '地下', 3: '路侧' };
const PRICE: Record<number, string> = { 1: '政府指导价', 2: '市场调节价', 3: '免费' };

const COLUMNS: SheetColumn<ParkingJson>[] = [
  ['停车场编号', 16, (p) => p.parkingCode],
  ['停车场名称', 28, (p) => p.parkingName],
  ['管理方式', 10, (p) => TYPE[p.type] ?? ''],
  ['道路类型', 8, (p) => ROAD[p.roadType] ?? ''],
  ['停车场类型', 10, (p) => (p.parkingKind ? (KIND[p.parkingKind] ?? '') : '')],
  ['区划编码', 10, (p) => p.regionCode],
  ['所属区域', 10, (p) => p.regionName],
  ['街道', 12, (p) => p.street],
  ['详细地址', 36, (p) => p.address],
  ['总车位', 8, (p) => p.totalSpaces],
  ['临时车位', 8, (p) => p.tempSpaces],
  ['长租车位', 8, (p) => p.rentalSpaces],
  ['充电车位', 8, (p) => p.chargingSpaces],
  ['收费类型', 10, (p) => (p.priceType ? (PRICE[p.priceType] ?? '') : '')],
  ['开放时间', 14, (p) => (p.openTime ? `${p.openTime}-${p.closeTime}` : '')],
  ['联系人', 10, (p) => p.contactName],
  ['联系电话', 14, (p) => p.contactPhone],
  ['状态', 6, (p) => (p.enabledMark === 1 ? '启用' : '停用')],
];

export const EXPORT_HEADERS = COLUMNS.map(([h]) => h);

export function parkingWorkbook(rows: ParkingJson[]): Promise<Buffer> {
  return sheetWorkbook('停车场', COLUMNS, rows);
}
