import type { Db, SeedOptions } from '../db/database.ts';
import { markHistoryPending, seedOrderHistory } from './history.ts';
import { seedCards } from '../cards/seed.ts';
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
import { type Progress, SILENT } from './progress.ts';

/** The steps `seedIfEmpty` reports, for a progress line that counts steps of its own too. */
export const SEED_STEPS = 13;

/**
 * Seeds demo data once: when the users table is empty (a fresh database). Returns whether it ran.
 * `progress` hears each step (server/seed/progress.ts): a first start prints them.
 */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}, progress: Progress = SILENT): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
  if (rows[0].n > 0) return false;
  await db.transaction(async (tx) => {
    const step = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
      progress.step(label);
      return run();
    };
    await tx.query('insert into sys_config (key, value) values ($1, $2)', ['smsLoginSwitch', opts.smsLogin ? '1' : '0']);
    await step('menus', () => seedMenus(tx));
    await step('users and roles', () => seedUsers(tx));
    await step('parking lots', () => seedParking(tx));
    await step('areas', () => seedParkingAreas(tx));
    await step('lanes', () => seedParkingLanes(tx));
    await step('parking spaces', () => seedParkingSpaces(tx));
    await step('devices', () => seedParkingDevices(tx));
    await step('dictionaries', () => seedDicts(tx));
    await step('merchants', () => seedMerchants(tx));
    await step('charging stations and their history', () => seedCharging(tx, { historyDays: opts.chargingHistoryDays }));
    await step('fee rules', () => seedFeeRules(tx));
    // after the fee rules: the order history is priced with them
    const days = opts.orderDays ?? 90;
    // the cards first: the history's monthly and group stays are their plates
    const cards = await step('monthly and group cards', () => seedCards(tx));
    if (opts.history === 'later') {
      await step(`parking orders of ${days} days: after the server answers`, () => markHistoryPending(tx, days, cards));
      return;
    }
    const orders = await step(`parking orders of ${days} days, each priced by the fee engine`, () => seedOrderHistory(tx, days, cards));
    progress.note(`${Number(orders).toLocaleString('en-US')} orders`);
  });
  return true;
}
