import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { type Input, PHONE_RE, isBlank, optEnum, optInt, optString, reqEnum, reqString } from '../lib/fields.ts';
import { PLATE_RE } from './parkingPlates.ts';
import { lotExists, ts } from './parkingQuery.ts';

/** Parking space: row ↔ JSON and validation (plate only on an occupied space, holder only on long-rental). */

export interface SpaceRow {
  id: string;
  parking_id: string;
  parking_name: string;
  area_id: string | null;
  area_name: string | null;
  space_no: string;
  sensor_no: string;
  space_type: number;
  status: number;
  plate_no: string;
  plate_color: number | null;
  holder_name: string;
  holder_phone: string;
  rental_start: Date | null;
  rental_end: Date | null;
  create_time: Date;
}

export const SPACE_SELECT = 's.*, p.parking_name, a.area_name';
export const SPACE_FROM = 'parking_space s join parking p on p.id = s.parking_id left join parking_area a on a.id = s.area_id';

/** Dates are kept as calendar days; format them without a time zone shift. */
const day = (d: Date | null): string => (d ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : '');

export function toSpaceJson(r: SpaceRow) {
  return {
    id: r.id,
    parkingId: r.parking_id,
    parkingName: r.parking_name,
    areaId: r.area_id,
    areaName: r.area_name ?? '',
    spaceNo: r.space_no,
    sensorNo: r.sensor_no,
    spaceType: r.space_type,
    status: r.status,
    plateNo: r.plate_no,
    plateColor: r.plate_color,
    holderName: r.holder_name,
    holderPhone: r.holder_phone,
    rentalStart: day(r.rental_start),
    rentalEnd: day(r.rental_end),
    createTime: ts(r.create_time),
  };
}

export const SPACE_NO_RE = /^[A-Za-z0-9-]{1,20}$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const SPACE_TYPE_MSG = '车位类型只能是1（临时）、2（产权）、3（长租）、4（访客）、5（充电）或6（无障碍）';

function date(v: unknown, label: string): string | null {
  const s = optString(v, label, 30);
  if (s === undefined) return null;
  const d = s.slice(0, 10);
  if (!DATE_RE.test(d) || Number.isNaN(Date.parse(d))) throw badRequest(`${label}格式不正确，应为YYYY-MM-DD`);
  return d;
}

export async function checkLotAndArea(db: Db, parkingId: string, areaId: string | null): Promise<void> {
  if (!(await lotExists(db, parkingId))) throw badRequest('所属停车场不存在');
  if (areaId && !(await db.query('select 1 from parking_area where id = $1 and parking_id = $2', [areaId, parkingId])).rows.length) {
    throw badRequest('所属区域不属于该停车场');
  }
}

export async function validateSpace(db: Db, b: Input) {
  const parkingId = reqString(b.parkingId, '所属停车场', 64);
  const areaId = optString(b.areaId, '所属区域', 64) ?? null;
  await checkLotAndArea(db, parkingId, areaId);
  const spaceNo = reqString(b.spaceNo, '车位编号', 20);
  if (!SPACE_NO_RE.test(spaceNo)) throw badRequest('车位编号只能包含字母、数字或短横线，1-20位');
  const sensorNo = optString(b.sensorNo, '地磁编号', 32) ?? '';
  const spaceType = reqEnum(b.spaceType, [1, 2, 3, 4, 5, 6], '车位类型', SPACE_TYPE_MSG);
  const status = optEnum(b.status, [0, 1, 2, 3, 4], '车位状态只能是0（空闲）、1（占用）、2（预约）、3（故障）或4（停用）') ?? 0;
  const plateNo = (optString(b.plateNo, '当前车牌', 10) ?? '').toUpperCase();
  if (plateNo && !PLATE_RE.test(plateNo)) throw badRequest('当前车牌格式不正确');
  if (plateNo && status !== 1) throw badRequest('只有占用中的车位可以填写当前车牌');
  const plateColor = plateNo ? optEnum(b.plateColor, [1, 2, 3, 4, 5], '车牌颜色不正确') ?? 5 : null;
  const holderName = optString(b.holderName, '长租人', 20) ?? '';
  const holderPhone = optString(b.holderPhone, '长租人电话', 11) ?? '';
  if (holderPhone && !PHONE_RE.test(holderPhone)) throw badRequest('长租人电话格式不正确');
  const rentalStart = date(b.rentalStart, '长租开始日期');
  const rentalEnd = date(b.rentalEnd, '长租结束日期');
  const hasHolder = Boolean(holderName || holderPhone || rentalStart || rentalEnd);
  if (hasHolder && spaceType !== 3) throw badRequest('只有长租车位可以登记长租人');
  if (hasHolder && (!holderName || !rentalStart || !rentalEnd)) throw badRequest('登记长租人需要填写长租人、开始日期和结束日期');
  if (rentalStart && rentalEnd && rentalStart > rentalEnd) throw badRequest('长租结束日期不能早于开始日期');
  return { parkingId, areaId, spaceNo, sensorNo, spaceType, status, plateNo, plateColor, holderName, holderPhone, rentalStart, rentalEnd };
}

export type SpaceInput = Awaited<ReturnType<typeof validateSpace>>;
export const SPACE_COLUMNS: [string, keyof SpaceInput][] = [
  ['parking_id', 'parkingId'], ['area_id', 'areaId'], ['space_no', 'spaceNo'], ['sensor_no', 'sensorNo'], ['space_type', 'spaceType'],
  ['status', 'status'], ['plate_no', 'plateNo'], ['plate_color', 'plateColor'], ['holder_name', 'holderName'],
  ['holder_phone', 'holderPhone'], ['rental_start', 'rentalStart'], ['rental_end', 'rentalEnd'],
];

/** Batch add: prefix + consecutive numbers, e.g. B1-0001 … B1-0100. */
export function validateBatch(b: Input) {
  const prefix = optString(b.prefix, '编号前缀', 10) ?? '';
  if (prefix && !/^[A-Za-z0-9-]+$/.test(prefix)) throw badRequest('编号前缀只能包含字母、数字或短横线');
  const startNo = optInt(b.startNo, '起始编号必须是非负整数') ?? 1;
  if (startNo < 0) throw badRequest('起始编号必须是非负整数');
  if (isBlank(b.count)) throw badRequest('新增数量不能为空');
  const count = optInt(b.count, '新增数量必须是1到500之间的整数') ?? 0;
  if (count < 1 || count > 500) throw badRequest('新增数量必须是1到500之间的整数');
  const digits = optInt(b.digits, '编号位数必须是1到6之间的整数') ?? 4;
  if (digits < 1 || digits > 6) throw badRequest('编号位数必须是1到6之间的整数');
  const spaceType = reqEnum(b.spaceType, [1, 2, 3, 4, 5, 6], '车位类型', SPACE_TYPE_MSG);
  const numbers = Array.from({ length: count }, (_, i) => `${prefix}${String(startNo + i).padStart(digits, '0')}`);
  if (numbers.some((n) => n.length > 20)) throw badRequest('车位编号不能超过20个字符');
  return { parkingId: reqString(b.parkingId, '所属停车场', 64), areaId: optString(b.areaId, '所属区域', 64) ?? null, spaceType, numbers };
}
