import type { Db, SeedOptions } from '../db/database.ts';
import { seedTraffic } from './traffic.ts';
import { seedMerchants } from './merchants.ts';
import { seedFeeRules } from './fee-rules.ts';
import { seedCharging } from './charging.ts';
import { seedMenus } from './system-menus.ts';
import { seedParking } from './parking.ts';
import { seedParkingAreas } from './parking-areas.ts';
import { seedParkingDevices } from './parking-devices.ts';
import { seedParkingLanes } from './parking-lanes.ts';
import { seedParkingSpaces } from './parking-spaces.ts';
import { seedDicts } from './system-dicts.ts';
import { seedUsers } from './users.ts';

/** Seeds demo data once: when the users table is empty (a fresh database). Returns whether it ran. */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
  if (rows[0].n > 0) return false;
  await db.transaction(async (tx) => {
    await tx.query('insert into sys_config (key, value) values ($1, $2)', ['smsLoginSwitch', opts.smsLogin ? '1' : '0']);
    await seedMenus(tx);
    await seedUsers(tx);
    await seedParking(tx);
    await seedParkingAreas(tx);
    await seedParkingLanes(tx);
    await seedParkingSpaces(tx);
    await seedParkingDevices(tx);
    await seedDicts(tx);
    await seedMerchants(tx);
    await seedCharging(tx, { historyDays: opts.chargingHistoryDays });
    await seedFeeRules(tx);
    // after the fee rules: the order history is priced with them
    await seedTraffic(tx, { days: opts.orderDays ?? 90 });
  });
  return true;
}
