import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { type Input, optEnum, optString, reqEnum, reqString } from '../lib/fields.ts';
import { lotExists, ts } from './parkingQuery.ts';

/** Lane (gate) of a lot: row ↔ JSON and validation, including that its area and devices belong to the lot. */

export interface LaneRow {
  id: string;
  parking_id: string;
  parking_name: string;
  area_id: string | null;
  area_name: string | null;
  lane_code: string;
  lane_name: string;
  direction: number;
  qr_type: number;
  qr_status: number;
  qr_version: number;
  qr_time: Date;
  barrier_device_id: string | null;
  barrier_name: string | null;
  barrier_online: boolean | null;
  camera_device_id: string | null;
  non_member_policy: number;
  enabled_mark: number;
  create_time: Date;
}

export const LANE_SELECT = `l.*, p.parking_name, a.area_name, b.device_name as barrier_name,
  (b.last_heartbeat > now() - make_interval(secs => b.heartbeat_interval * 3)) as barrier_online`;
export const LANE_FROM = `parking_lane l join parking p on p.id = l.parking_id
  left join parking_area a on a.id = l.area_id left join device b on b.id = l.barrier_device_id`;

export function toLaneJson(r: LaneRow, scanUrl: string) {
  return {
    id: r.id,
    parkingId: r.parking_id,
    parkingName: r.parking_name,
    areaId: r.area_id,
    areaName: r.area_name ?? '',
    laneCode: r.lane_code,
    laneName: r.lane_name,
    direction: r.direction,
    qrType: r.qr_type,
    qrStatus: r.qr_status,
    qrVersion: r.qr_version,
    qrTime: ts(r.qr_time),
    barrierDeviceId: r.barrier_device_id,
    barrierName: r.barrier_name ?? '',
    barrierOnline: r.barrier_online ?? false,
    cameraDeviceId: r.camera_device_id,
    nonMemberPolicy: r.non_member_policy,
    enabledMark: r.enabled_mark,
    createTime: ts(r.create_time),
    scanUrl,
  };
}

const CODE_RE = /^[A-Za-z0-9_-]{1,20}$/;

/** Checks a referenced row exists in the lot (and, for devices, has the right type). */
async function belongs(db: Db, sql: string, params: unknown[], msg: string): Promise<void> {
  if (!(await db.query(sql, params)).rows.length) throw badRequest(msg);
}

export async function validateLane(db: Db, b: Input) {
  const parkingId = reqString(b.parkingId, '所属停车场', 64);
  const lot = await lotExists(db, parkingId);
  if (!lot) throw badRequest('所属停车场不存在');
  if (lot.type === 0) throw badRequest('路内泊位没有车道，请选择道闸车场或充电站');
  const laneCode = reqString(b.laneCode, '车道编号', 20);
  if (!CODE_RE.test(laneCode)) throw badRequest('车道编号只能包含字母、数字、下划线或短横线，1-20位');
  const laneName = reqString(b.laneName, '车道名称', 30);
  const direction = reqEnum(b.direction, [1, 2, 3], '车道方向', '车道方向只能是1（入口）、2（出口）或3（出入口）');
  const qrType = reqEnum(b.qrType, [1, 2, 3], '二维码类型', '二维码类型只能是1（入场码）、2（出场码）或3（场内码）');
  const nonMemberPolicy = optEnum(b.nonMemberPolicy, [1, 2, 3], '非会员车辆策略只能是1（放行收费）、2（禁止通行）或3（人工确认）') ?? 1;
  const enabledMark = optEnum(b.enabledMark, [0, 1], '启用状态只能是0（停用）或1（启用）') ?? 1;
  const areaId = optString(b.areaId, '所属区域', 64) ?? null;
  if (areaId) await belongs(db, 'select 1 from parking_area where id = $1 and parking_id = $2', [areaId, parkingId], '所属区域不属于该停车场');
  const barrierDeviceId = optString(b.barrierDeviceId, '道闸控制器', 64) ?? null;
  if (barrierDeviceId) await belongs(db, 'select 1 from device where id = $1 and parking_id = $2 and device_type = 2', [barrierDeviceId, parkingId], '道闸控制器不存在或不属于该停车场');
  const cameraDeviceId = optString(b.cameraDeviceId, '识别相机', 64) ?? null;
  if (cameraDeviceId) await belongs(db, 'select 1 from device where id = $1 and parking_id = $2 and device_type = 1', [cameraDeviceId, parkingId], '识别相机不存在或不属于该停车场');
  return { parkingId, areaId, laneCode, laneName, direction, qrType, barrierDeviceId, cameraDeviceId, nonMemberPolicy, enabledMark };
}

export type LaneInput = Awaited<ReturnType<typeof validateLane>>;
export const LANE_COLUMNS: [string, keyof LaneInput][] = [
  ['parking_id', 'parkingId'], ['area_id', 'areaId'], ['lane_code', 'laneCode'], ['lane_name', 'laneName'],
  ['direction', 'direction'], ['qr_type', 'qrType'], ['barrier_device_id', 'barrierDeviceId'],
  ['camera_device_id', 'cameraDeviceId'], ['non_member_policy', 'nonMemberPolicy'], ['enabled_mark', 'enabledMark'],
];

export function fromLaneRow(r: LaneRow): Input {
  return { parkingId: r.parking_id, areaId: r.area_id, laneCode: r.lane_code, laneName: r.lane_name, direction: r.direction, qrType: r.qr_type,
    barrierDeviceId: r.barrier_device_id, cameraDeviceId: r.camera_device_id, nonMemberPolicy: r.non_member_policy, enabledMark: r.enabled_mark };
}
