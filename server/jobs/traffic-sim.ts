import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { priceStay } from '../fees/engine.ts';
import { findRuleForStay } from '../fees/rule-lookup.ts';
import { newId } from '../lib/ids.ts';
import { type ExitPlan, settleExit } from '../orders/settlement.ts';
import { loadLots, pick } from '../seed/traffic-lots.ts';
import { ORDERS_PER_DAY } from '../seed/traffic.ts';
import { hourWeights, payChannelOf, randomCar, serialOf } from '../seed/traffic-model.ts';
import { isWorkingDay } from '../fees/clock.ts';
import { chinaDate } from '../../domain/china-time.ts';
import type { Job } from './leader.ts';
import { plateGrams } from '../entities/parking-orders.ts';
import { loadPolicy } from '../arrears/create.ts';
import { hasOpenDebts } from '../arrears/policy.ts';
import { couponAtExit, maybeIssueOnArrival } from '../coupons/sim.ts';
import { cardHolderAt, coverAtExit, joinGroupAtEntry } from '../cards/sim.ts';

/**
 * Live traffic while the server runs (SIM_TRAFFIC): each tick cars enter at the lots' entry lanes
 * (kerb lots take a free space) and cars in the lots leave, priced by the fee engine with the
 * lot's rule, paying by a channel, leaving free, or leaving unpaid (the arrears job, jobs/arrears.ts,
 * turns those into debts after the policy's delay). Some cars are given a coupon by a shop of the
 * lot on arrival and use it when they leave (coupons/sim.ts). Demo speed: about five times the seeded daily volume.
 */

const SPEED = 5;
const HOUR = 3_600_000;

/** Whole arrivals from a mean (Poisson by inversion; the means are small). */
function poisson(mean: number): number {
  const l = Math.exp(-mean);
  let k = 0;
  let p = Math.random();
  while (p > l) {
    k++;
    p *= Math.random();
  }
  return k;
}

async function enter(db: Db, now: number, everyMs: number): Promise<void> {
  const lots = await loadLots(db);
  const weight = lots.reduce((s, l) => s + l.weight, 0);
  const weekend = !isWorkingDay(chinaDate(now));
  const weights = hourWeights(weekend);
  const { blockEntry } = await loadPolicy(db);
  const hourShare = weights[new Date(now + 8 * HOUR).getUTCHours()] / weights.reduce((s, w) => s + w, 0);
  for (const lot of lots) {
    const mean = ((ORDERS_PER_DAY * lot.weight) / weight) * hourShare * (everyMs / HOUR) * SPEED;
    for (let i = poisson(mean); i > 0; i--) {
      let car = randomCar(Math.random);
      // a monthly or group car is a holder of one of the lot's cards (a temporary car when none is free)
      if (car.carClass === 2 || car.carClass === 3) {
        const holder = await cardHolderAt(db, lot.id, car.carClass);
        car = holder ? { ...car, ...holder } : { ...car, carClass: 1 };
      }
      // 欠费追缴 policy: a plate with open debts is refused at the barrier
      if (blockEntry && (await hasOpenDebts(db, car.plateNo))) continue;
      let spaceNo = '';
      if (lot.onStreet) {
        const space = await db.kysely
          .updateTable('parkingSpace')
          .set({ status: 1, plateNo: car.plateNo, plateColor: car.plateColor, lastModifyTime: sql<Date>`now()` })
          .where('id', '=', (eb) =>
            eb
              .selectFrom('parkingSpace')
              .select('id')
              .where('parkingId', '=', lot.id)
              .where('status', '=', 0)
              .where('spaceType', 'in', [1, 4])
              .orderBy(sql`random()`)
              .limit(1),
          )
          .returning('spaceNo')
          .executeTakeFirst();
        if (!space) continue; // the kerb is full
        spaceNo = space.spaceNo;
      }
      const id = newId('o');
      await db.kysely
        .insertInto('parkingOrder')
        .values({
          id,
          orderNo: `P${chinaDate(now).replaceAll('-', '')}${lot.index}${id.slice(-6).toUpperCase()}`,
          parkingId: lot.id,
          areaId: lot.zones.length ? pick(Math.random, lot.zones) : null,
          spaceNo,
          plateNo: car.plateNo,
          plateColor: car.plateColor,
          carClass: car.carClass,
          source: lot.onStreet ? 2 : 1,
          entryLaneId: lot.entryLanes.length ? pick(Math.random, lot.entryLanes) : null,
          entryTime: sql<Date>`now()`,
          collector: lot.onStreet ? pick(Math.random, lot.collectors) : '',
          plateGrams: plateGrams(car.plateNo),
        })
        .execute();
      await maybeIssueOnArrival(db, lot.id, car.plateNo);
      if (car.carClass === 3) await joinGroupAtEntry(db, lot.id, car.plateNo, id);
    }
  }
}

/** A car in a lot that may leave: the order's id (settlement reads the rest under its lock). */
export interface InPark {
  id: string;
}

/** Car `o` leaves at `now`: priced under the order's lock by the settlement service, which alone takes it out. */
export async function leave(db: Db, o: InPark, now: number): Promise<void> {
  await settleExit(db, o.id, now, async (tx, open): Promise<ExitPlan> => {
    const lane = await tx.kysely
      .selectFrom('parkingLane')
      .select('id')
      .where('parkingId', '=', open.parkingId)
      .where('direction', 'in', [2, 3])
      .where('enabledMark', '=', 1)
      .orderBy(sql`random()`)
      .limit(1)
      .executeTakeFirst();
    const stay = { id: open.id, parking_id: open.parkingId, plate_no: open.plateNo, car_class: open.carClass, entry_time: open.entryTime };
    const rule = await findRuleForStay(tx, {
      lotId: open.parkingId,
      plateColor: open.plateColor,
      carClass: open.carClass,
      at: open.entryTime,
    });
    // a card's days and hours are not charged (§7.3); a whitelisted car pays nothing; a shop's coupon
    // is used by a car no card covers (a card holder parks on the card)
    const cover = await coverAtExit(tx, stay, now);
    const charged = rule && open.carClass !== 4;
    const coupons = charged && !cover.length ? await couponAtExit(tx, open.parkingId, open.plateNo, new Date(now)) : [];
    const bill = charged ? priceStay({ rule, entry: open.entryTime, exit: now, carClass: open.carClass, cover, coupons }) : null;
    const due = bill ? Math.max(0, bill.totalCents - bill.discountCents - open.paidCents) : 0;
    const channel = due > 0 ? payChannelOf(Math.random, open.spaceNo !== '') : 0;
    const payment = channel
      ? {
          channel,
          amountCents: due,
          serialNo: serialOf(channel, now, Math.floor(Math.random() * 1e5)),
          operator: channel === 3 ? open.collector : '',
        }
      : null;
    return { bill, cover, laneId: lane?.id ?? null, payment };
  });
}

export function trafficSimJob(everyMs: number): Job {
  return {
    name: 'traffic-sim',
    everyMs,
    async tick(db) {
      const now = Date.now();
      await enter(db, now, everyMs);
      // cars that have stayed a while leave; long stayers are more likely to be picked
      const leaving = await db.kysely
        .selectFrom('parkingOrder')
        .select('id')
        .where('exitTime', 'is', null)
        .where('state', 'in', [0, 1])
        .where('entryTime', '<', sql<Date>`now() - interval '10 minutes'`)
        .orderBy(sql`random() * extract(epoch from now() - ${sql.ref('entryTime')})`, 'desc')
        .limit(poisson(((ORDERS_PER_DAY * SPEED) / 24) * (everyMs / HOUR)) + 1)
        .execute();
      for (const o of leaving) await leave(db, o, now);
    },
  };
}
