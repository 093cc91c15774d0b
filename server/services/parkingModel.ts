import { badRequest } from '../lib/envelope.ts';
import { HHMM_RE, PHONE_RE, type Input, isBlank, optEnum, optInt, optNumber, optString, reqEnum, reqString } from '../lib/fields.ts';

/** Parking lot: row ↔ JSON mapping and validation of a create/update body. */

export interface ParkingRow {
  id: string;
  parking_code: string;
  parking_name: string;
  type: number;
  road_type: number;
  parking_kind: number | null;
  region_code: string;
  region_name: string;
  street: string;
  address: string;
  lng: string | null;
  lat: string | null;
  total_spaces: number;
  temp_spaces: number;
  rental_spaces: number;
  charging_spaces: number;
  price_type: number | null;
  open_time: string;
  close_time: string;
  contact_name: string;
  contact_phone: string;
  description: string;
  enabled_mark: number;
  sort_code: number;
  fee_rules: FeeRule[] | null;
  create_time: Date;
  last_modify_time: Date | null;
}

/** Writable columns in insert order, with their JSON names. */
export const PARKING_FIELDS = [
  ['parking_code', 'parkingCode'],
  ['parking_name', 'parkingName'],
  ['type', 'type'],
  ['road_type', 'roadType'],
  ['parking_kind', 'parkingKind'],
  ['region_code', 'regionCode'],
  ['region_name', 'regionName'],
  ['street', 'street'],
  ['address', 'address'],
  ['lng', 'lng'],
  ['lat', 'lat'],
  ['total_spaces', 'totalSpaces'],
  ['temp_spaces', 'tempSpaces'],
  ['rental_spaces', 'rentalSpaces'],
  ['charging_spaces', 'chargingSpaces'],
  ['price_type', 'priceType'],
  ['open_time', 'openTime'],
  ['close_time', 'closeTime'],
  ['contact_name', 'contactName'],
  ['contact_phone', 'contactPhone'],
  ['description', 'description'],
  ['enabled_mark', 'enabledMark'],
  ['sort_code', 'sortCode'],
  ['fee_rules', 'feeRules'],
] as const;

/** The fee rule named for one plate colour (codes of spec §3; 5 stands for blue). */
export interface FeeRule {
  plateColor: number;
  ruleName: string;
}

export const PLATE_COLOR_CODES = [1, 2, 3, 4, 5] as const;


const num = (v: string | null): number | null => (v === null ? null : Number(v));

export function toParkingJson(r: ParkingRow) {
  return {
    id: r.id,
    parkingCode: r.parking_code,
    parkingName: r.parking_name,
    type: r.type,
    roadType: r.road_type,
    parkingKind: r.parking_kind,
    regionCode: r.region_code,
    regionName: r.region_name,
    street: r.street,
    address: r.address,
    lng: num(r.lng),
    lat: num(r.lat),
    totalSpaces: r.total_spaces,
    tempSpaces: r.temp_spaces,
    rentalSpaces: r.rental_spaces,
    chargingSpaces: r.charging_spaces,
    priceType: r.price_type,
    openTime: r.open_time,
    closeTime: r.close_time,
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    description: r.description,
    enabledMark: r.enabled_mark,
    sortCode: r.sort_code,
    feeRules: r.fee_rules ?? [],
    createTime: r.create_time.getTime(),
    lastModifyTime: r.last_modify_time ? r.last_modify_time.getTime() : null,
  };
}

export type ParkingJson = ReturnType<typeof toParkingJson>;

export const PARKING_TYPES = [0, 1, 4] as const;
export const ROAD_TYPES = [1, 2] as const;
export const PARKING_KINDS = [1, 2, 3] as const;
export const PRICE_TYPES = [1, 2, 3] as const;
const CODE_RE = /^[A-Za-z0-9_-]{2,32}$/;

function spaces(v: unknown, label: string): number {
  const n = optInt(v, `${label}必须是非负整数`) ?? 0;
  if (n < 0) throw badRequest(`${label}必须是非负整数`);
  return n;
}

function hhmm(v: unknown, label: string): string {
  const s = optString(v, label, 5);
  if (s !== undefined && !HHMM_RE.test(s)) throw badRequest(`${label}格式不正确，应为HH:mm`);
  return s ?? '';
}

/** A list of { plateColor, ruleName }: one rule per colour at most. */
function feeRules(v: unknown): FeeRule[] {
  if (isBlank(v)) return [];
  let arr = v;
  if (typeof v === 'string') {
    try {
      arr = JSON.parse(v);
    } catch {
      throw badRequest('收费规则格式不正确');
    }
  }
  if (!Array.isArray(arr)) throw badRequest('收费规则格式不正确');
  const seen = new Set<number>();
  return arr.map((item, i) => {
    const o = (item && typeof item === 'object' ? item : {}) as Input;
    const plateColor = reqEnum(o.plateColor, PLATE_COLOR_CODES, `第${i + 1}条收费规则的车牌颜色`, `第${i + 1}条收费规则的车牌颜色不正确`);
    if (seen.has(plateColor)) throw badRequest('同一车牌颜色只能设置一条收费规则');
    seen.add(plateColor);
    return { plateColor, ruleName: reqString(o.ruleName, `第${i + 1}条收费规则的规则名称`, 50) };
  });
}

/**
 * Validates a full set of values (for an update: the stored record with the body laid over it).
 * Unknown fields are ignored. Returns normalised values ready to store.
 */
export function validateParking(b: Input) {
  const parkingName = reqString(b.parkingName, '停车场名称', 50);
  if (isBlank(b.parkingCode)) throw badRequest('停车场编号不能为空');
  const parkingCode = String(b.parkingCode).trim();
  if (!CODE_RE.test(parkingCode)) throw badRequest('停车场编号只能包含字母、数字、下划线或短横线，2-32位');
  const type = reqEnum(b.type, PARKING_TYPES, '停车场类型', '停车场类型只能是0（路侧泊位）、1（道闸车场）或4（充电站）');
  const roadType = reqEnum(b.roadType, ROAD_TYPES, '道路类型', '道路类型只能是1（路内）或2（路外）');
  const parkingKind = optEnum(b.parkingKind, PARKING_KINDS, '停车场性质只能是1（地面）、2（地下）或3（路侧）') ?? null;
  const lng = optNumber(b.lng, '经度必须是-180到180之间的数字') ?? null;
  if (lng !== null && (lng < -180 || lng > 180)) throw badRequest('经度必须是-180到180之间的数字');
  const lat = optNumber(b.lat, '纬度必须是-90到90之间的数字') ?? null;
  if (lat !== null && (lat < -90 || lat > 90)) throw badRequest('纬度必须是-90到90之间的数字');
  const totalSpaces = spaces(b.totalSpaces, '总车位数');
  const tempSpaces = spaces(b.tempSpaces, '临时车位数');
  const rentalSpaces = spaces(b.rentalSpaces, '长租车位数');
  const chargingSpaces = spaces(b.chargingSpaces, '充电车位数');
  if (tempSpaces + rentalSpaces > totalSpaces) throw badRequest('临时车位与长租车位之和不能超过总车位数');
  const priceType = optEnum(b.priceType, PRICE_TYPES, '收费类型只能是1（政府指导价）、2（市场调节价）或3（免费）') ?? null;
  const contactPhone = isBlank(b.contactPhone) ? '' : String(b.contactPhone).trim();
  if (contactPhone && !PHONE_RE.test(contactPhone)) throw badRequest('联系电话格式不正确');
  const enabledMark = optEnum(b.enabledMark, [0, 1], '启用状态只能是0（停用）或1（启用）') ?? 1;
  return {
    parkingCode,
    parkingName,
    type,
    roadType,
    parkingKind,
    regionCode: optString(b.regionCode, '行政区划编码', 12) ?? '',
    regionName: optString(b.regionName, '行政区划名称', 50) ?? '',
    street: optString(b.street, '街道', 50) ?? '',
    address: optString(b.address, '详细地址', 200) ?? '',
    lng,
    lat,
    totalSpaces,
    tempSpaces,
    rentalSpaces,
    chargingSpaces,
    priceType,
    openTime: hhmm(b.openTime, '开放时间'),
    closeTime: hhmm(b.closeTime, '关闭时间'),
    contactName: optString(b.contactName, '联系人', 20) ?? '',
    contactPhone,
    description: optString(b.description, '备注', 500) ?? '',
    enabledMark,
    sortCode: optInt(b.sortCode, '排序码必须是整数') ?? 0,
    feeRules: feeRules(b.feeRules),
  };
}

export type ParkingInput = ReturnType<typeof validateParking>;
