import type { Db } from '../db/database.ts';

/**
 * Devices that are not on a lane: a ground sensor under each on-street space and one charging pile
 * per two charging spaces (two connectors each). Lane cameras, controllers and LEDs come with the lanes.
 */
export async function seedParkingDevices(tx: Db): Promise<void> {
  // ground sensors report more often than lane devices; ~4 % are broken in the demo
  await tx.query(`
    insert into device (id, device_code, device_name, device_type, parking_id, vendor, serial_no, firmware, heartbeat_interval, sim_fault, last_heartbeat)
    select 'd-gs-' || s.id, s.sensor_no, s.space_no || '号地磁', 4, s.parking_id, '捷顺', 'GS' || lpad((row_number() over ())::text, 8, '0'),
           'V1.0.8', 20, (hashtext(s.id) % 25) = 0, now()
      from parking_space s where s.sensor_no <> ''`);
  await tx.query(`
    insert into device (id, device_code, device_name, device_type, parking_id, vendor, ip, serial_no, firmware, heartbeat_interval, sim_fault, last_heartbeat)
    select 'd-cp-' || p.parking_code || '-' || g, 'CP-' || p.parking_code || '-' || lpad(g::text, 3, '0'), g || '号充电桩',
           5, p.id, case when g % 2 = 0 then '特来电' else '星星充电' end, '10.20.' || (row_number() over ()) / 250 || '.' || (row_number() over ()) % 250 + 2,
           'CP' || lpad((row_number() over ())::text, 8, '0'), 'V2.1.0', 60, (hashtext(p.id || g) % 20) = 0, now()
      from parking p, generate_series(1, ceil(p.charging_spaces / 2.0)::int) g
     where p.charging_spaces > 0`);
  await tx.query(`update device set last_heartbeat = now() - interval '2 hours' where sim_fault`);
}
