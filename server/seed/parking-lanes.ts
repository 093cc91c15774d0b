import type { Db } from '../db/database.ts';
import { seededRandom } from '../services/parking-plates.ts';
import { insertRows } from './parking-bulk.ts';

/**
 * Lanes of the gated lots and charging stations, each with its camera and barrier controller,
 * and an LED screen on exit lanes. Bigger lots get more lanes.
 */
const VENDORS = ['海康威视', '大华', '宇视', '捷顺', '科拓'];

export async function seedParkingLanes(tx: Db): Promise<void> {
  const rnd = seededRandom(5);
  const { rows: lots } = await tx.query<{
    id: string;
    parking_code: string;
    type: number;
    total_spaces: number;
    parking_kind: number | null;
  }>('select id, parking_code, type, total_spaces, parking_kind from parking where type in (1, 4) order by parking_code');
  const lanes: unknown[][] = [];
  const devices: unknown[][] = [];
  let ip = 10;
  for (const lot of lots) {
    const n = lot.type === 4 ? 2 : lot.total_spaces >= 1000 ? 8 : lot.total_spaces >= 500 ? 6 : 4;
    const area = lot.parking_kind === 2 ? `a-${lot.id}-b1` : `a-${lot.id}`;
    for (let i = 1; i <= n; i++) {
      const laneId = `l-${lot.parking_code.toLowerCase()}-${i}`;
      const out = i % 2 === 0;
      const code = `${out ? 'OUT' : 'IN'}${String(Math.ceil(i / 2)).padStart(2, '0')}`;
      const name = `${Math.ceil(i / 2)}号${out ? '出口' : '入口'}`;
      const vendor = VENDORS[Math.floor(rnd() * VENDORS.length)];
      const dev = (type: number, prefix: string, label: string): string => {
        const id = `d-${prefix.toLowerCase()}-${lot.parking_code.toLowerCase()}-${i}`;
        const fault = rnd() < 0.05;
        devices.push([
          id,
          `${prefix}-${lot.parking_code}-${code}`,
          `${name}${label}`,
          type,
          lot.id,
          laneId,
          vendor,
          `192.168.${Math.floor(ip / 250)}.${(ip++ % 250) + 2}`,
          `SN${Math.floor(rnd() * 1e10)}`,
          'V3.2.1',
          30,
          fault,
        ]);
        return id;
      };
      const camera = dev(1, 'CAM', '车牌识别相机');
      const barrier = dev(2, 'BAR', '道闸控制器');
      if (out) dev(3, 'LED', '显示屏');
      lanes.push([laneId, lot.id, area, code, name, out ? 2 : 1, out ? 2 : 1, barrier, camera, out ? 3 : 1]);
    }
  }
  // lanes point at devices and devices at lanes: devices first without the lane, then link them
  await insertRows(
    tx,
    'device',
    [
      'id',
      'device_code',
      'device_name',
      'device_type',
      'parking_id',
      'vendor',
      'ip',
      'serial_no',
      'firmware',
      'heartbeat_interval',
      'sim_fault',
    ],
    devices.map(([id, code, name, type, parking, , ...rest]) => [id, code, name, type, parking, ...rest]),
  );
  await insertRows(
    tx,
    'parking_lane',
    [
      'id',
      'parking_id',
      'area_id',
      'lane_code',
      'lane_name',
      'direction',
      'qr_type',
      'barrier_device_id',
      'camera_device_id',
      'non_member_policy',
    ],
    lanes,
  );
  await tx.query(
    `update device d set lane_id = v.lane from (select unnest($1::text[]) as id, unnest($2::text[]) as lane) v where d.id = v.id`,
    [devices.map((d) => d[0]), devices.map((d) => d[5])],
  );
  await tx.query(
    `update device set last_heartbeat = case when sim_fault then now() - interval '2 hours' else now() - (random() * interval '20 seconds') end`,
  );
}
