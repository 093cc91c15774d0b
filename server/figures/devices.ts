import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { lotFilter } from './window.ts';

/**
 * Device figures (§11.2): a device is online when its last heartbeat is within three of its
 * heartbeat intervals (one missed beat is noise; ParkingOS 60 s, orise 40 s, SteVe #828);
 * disabled devices are "unused", neither online nor offline.
 */

/** The one definition of "online" over a device row (the device list's column, filter and counts use it too). */
export const DEVICE_ONLINE = `(enabled_mark = 1 and coalesce(last_heartbeat > now() - make_interval(secs => heartbeat_interval * 3), false))`;

/**
 * The one definition of "offline for at least N minutes" (enabled, silent that long; never seen
 * counts): the dashboard's to-do and the device list's 离线时长 filter. `minutes` is an SQL
 * expression (a parameter, or a validated whole number); `alias` the device table's, with its dot.
 */
export const deviceSilentFor = (minutes: string, alias = ''): string =>
  `(${alias}enabled_mark = 1 and (${alias}last_heartbeat is null or ${alias}last_heartbeat < now() - make_interval(mins => ${minutes})))`;

export interface DeviceCounts {
  online: number;
  offline: number;
  unused: number;
}

export async function deviceCounts(db: Db, lots: LotScope): Promise<DeviceCounts> {
  const params: unknown[] = [];
  const scope = lotFilter('parking_id', lots, params);
  const { rows } = await db.query<DeviceCounts>(
    `select count(*) filter (where ${DEVICE_ONLINE})::int as online,
            count(*) filter (where enabled_mark = 1 and not ${DEVICE_ONLINE})::int as offline,
            count(*) filter (where enabled_mark <> 1)::int as unused
       from device where true${scope}`,
    params,
  );
  return rows[0];
}

export interface OfflineDevice {
  id: string;
  deviceCode: string;
  deviceName: string;
  deviceType: number;
  parkingId: string;
  parkingName: string;
  /** epoch ms of the last heartbeat, null when never seen */
  lastSeen: number | null;
}

/** Enabled devices silent for at least `minutes` (never seen counts), the longest silent first. */
export async function devicesOffline(
  db: Db,
  lots: LotScope,
  minutes: number,
  limit = 50,
): Promise<{ count: number; list: OfflineDevice[] }> {
  const params: unknown[] = [minutes];
  const scope = lotFilter('d.parking_id', lots, params);
  const where = `${deviceSilentFor('$1::int', 'd.')}${scope}`;
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from device d where ${where}`, params);
  if (limit <= 0) return { count: rows[0].n, list: [] };
  const list = await db.query<{ id: string; code: string; name: string; type: number; lot: string; lot_name: string; seen: Date | null }>(
    `select d.id, d.device_code as code, d.device_name as name, d.device_type as type, d.parking_id as lot, p.parking_name as lot_name,
            d.last_heartbeat as seen
       from device d join parking p on p.id = d.parking_id where ${where}
      order by d.last_heartbeat nulls first, d.device_code limit ${Math.max(1, Math.min(limit, 500))}`,
    params,
  );
  return {
    count: rows[0].n,
    list: list.rows.map((r) => ({
      id: r.id,
      deviceCode: r.code,
      deviceName: r.name,
      deviceType: r.type,
      parkingId: r.lot,
      parkingName: r.lot_name,
      lastSeen: r.seen ? new Date(r.seen).getTime() : null,
    })),
  };
}
