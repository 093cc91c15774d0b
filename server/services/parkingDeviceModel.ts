import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { type Input, optEnum, optInt, optString, reqEnum, reqString } from '../lib/fields.ts';
import { lotExists, ts } from './parkingQuery.ts';

/** Device: row ↔ JSON and validation. Online = a heartbeat within the last 3 intervals. */

export interface DeviceRow {
  id: string;
  device_code: string;
  device_name: string;
  device_type: number;
  parking_id: string;
  parking_name: string;
  lane_id: string | null;
  lane_name: string | null;
  vendor: string;
  ip: string;
  serial_no: string;
  firmware: string;
  heartbeat_interval: number;
  last_heartbeat: Date | null;
  online: boolean;
  enabled_mark: number;
  create_time: Date;
}

export const ONLINE_SQL = `(d.enabled_mark = 1 and coalesce(d.last_heartbeat > now() - make_interval(secs => d.heartbeat_interval * 3), false))`;
export const DEVICE_SELECT = `d.*, p.parking_name, l.lane_name, ${ONLINE_SQL} as online`;
export const DEVICE_FROM = 'device d join parking p on p.id = d.parking_id left join parking_lane l on l.id = d.lane_id';

export function toDeviceJson(r: DeviceRow) {
  return {
    id: r.id,
    deviceCode: r.device_code,
    deviceName: r.device_name,
    deviceType: r.device_type,
    parkingId: r.parking_id,
    parkingName: r.parking_name,
    laneId: r.lane_id,
    laneName: r.lane_name ?? '',
    vendor: r.vendor,
    ip: r.ip,
    serialNo: r.serial_no,
    firmware: r.firmware,
    heartbeatInterval: r.heartbeat_interval,
    lastHeartbeat: ts(r.last_heartbeat),
    online: r.online ? 1 : 0,
    enabledMark: r.enabled_mark,
    createTime: ts(r.create_time),
  };
}

const CODE_RE = /^[A-Za-z0-9_-]{2,40}$/;
const IPV4_RE = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export async function validateDevice(db: Db, b: Input) {
  const deviceCode = reqString(b.deviceCode, '设备编号', 40);
  if (!CODE_RE.test(deviceCode)) throw badRequest('设备编号只能包含字母、数字、下划线或短横线，2-40位');
  const deviceName = reqString(b.deviceName, '设备名称', 50);
  const deviceType = reqEnum(b.deviceType, [1, 2, 3, 4, 5], '设备类型', '设备类型只能是1（相机）、2（道闸控制器）、3（LED屏）、4（地磁）或5（充电桩）');
  const parkingId = reqString(b.parkingId, '所属停车场', 64);
  if (!(await lotExists(db, parkingId))) throw badRequest('所属停车场不存在');
  const laneId = optString(b.laneId, '所属车道', 64) ?? null;
  if (laneId && !(await db.query('select 1 from parking_lane where id = $1 and parking_id = $2', [laneId, parkingId])).rows.length) {
    throw badRequest('所属车道不属于该停车场');
  }
  const ip = optString(b.ip, 'IP地址', 15) ?? '';
  if (ip && !IPV4_RE.test(ip)) throw badRequest('IP地址格式不正确');
  const heartbeatInterval = optInt(b.heartbeatInterval, '心跳间隔必须是10到3600之间的整数（秒）') ?? 30;
  if (heartbeatInterval < 10 || heartbeatInterval > 3600) throw badRequest('心跳间隔必须是10到3600之间的整数（秒）');
  return {
    deviceCode, deviceName, deviceType, parkingId, laneId, ip, heartbeatInterval,
    vendor: optString(b.vendor, '厂商', 30) ?? '',
    serialNo: optString(b.serialNo, '序列号', 40) ?? '',
    firmware: optString(b.firmware, '固件版本', 30) ?? '',
    enabledMark: optEnum(b.enabledMark, [0, 1], '启用状态只能是0（停用）或1（启用）') ?? 1,
  };
}

export type DeviceInput = Awaited<ReturnType<typeof validateDevice>>;
export const DEVICE_COLUMNS: [string, keyof DeviceInput][] = [
  ['device_code', 'deviceCode'], ['device_name', 'deviceName'], ['device_type', 'deviceType'], ['parking_id', 'parkingId'],
  ['lane_id', 'laneId'], ['ip', 'ip'], ['heartbeat_interval', 'heartbeatInterval'], ['vendor', 'vendor'], ['serial_no', 'serialNo'],
  ['firmware', 'firmware'], ['enabled_mark', 'enabledMark'],
];
