import type { Db } from '../db/database.ts';
import { priceStay } from '../fees/engine.ts';
import { findRuleForStay } from '../fees/rule-lookup.ts';
import { newId } from '../lib/ids.ts';
import { type OrderEvent, transition } from '../orders/state-machine.ts';
import { ORDER_STATE, type OrderState } from '../../domain/parking-codes.ts';
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
import { redeemCoupons } from '../coupons/redeem.ts';
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
        const { rows } = await db.query<{ space_no: string }>(
          `update parking_space set status = 1, plate_no = $2, plate_color = $3, last_modify_time = now()
            where id = (select id from parking_space where parking_id = $1 and status = 0 and space_type in (1, 4) order by random() limit 1)
            returning space_no`,
          [lot.id, car.plateNo, car.plateColor],
        );
        if (!rows[0]) continue; // the kerb is full
        spaceNo = rows[0].space_no;
      }
      const id = newId('o');
      await db.query(
        `insert into parking_order (id, order_no, parking_id, area_id, space_no, plate_no, plate_color, car_class, source, entry_lane_id, entry_time, collector, plate_grams)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), $11, $12)`,
        [
          id,
          `P${chinaDate(now).replaceAll('-', '')}${lot.index}${id.slice(-6).toUpperCase()}`,
          lot.id,
          lot.zones.length ? pick(Math.random, lot.zones) : null,
          spaceNo,
          car.plateNo,
          car.plateColor,
          car.carClass,
          lot.onStreet ? 2 : 1,
          lot.entryLanes.length ? pick(Math.random, lot.entryLanes) : null,
          lot.onStreet ? pick(Math.random, lot.collectors) : '',
          plateGrams(car.plateNo),
        ],
      );
      await maybeIssueOnArrival(db, lot.id, car.plateNo);
      if (car.carClass === 3) await joinGroupAtEntry(db, lot.id, car.plateNo, id);
    }
  }
}

export interface InPark {
  id: string;
  state: OrderState;
  parking_id: string;
  plate_no: string;
  plate_color: number | null;
  car_class: number;
  entry_time: Date;
  space_no: string;
  collector: string;
}

export async function leave(db: Db, o: InPark, now: number): Promise<void> {
  const { rows: lanes } = await db.query<{ id: string }>(
    'select id from parking_lane where parking_id = $1 and direction in (2, 3) and enabled_mark = 1 order by random() limit 1',
    [o.parking_id],
  );
  const rule = await findRuleForStay(db, { lotId: o.parking_id, plateColor: o.plate_color, carClass: o.car_class, at: o.entry_time });
  // a card's days and hours are not charged (§7.3); a whitelisted car pays nothing; a shop's coupon
  // is used by a car no card covers (a card holder parks on the card)
  const cover = await coverAtExit(db, o, now);
  const charged = rule && o.car_class !== 4;
  const coupons = charged && !cover.length ? await couponAtExit(db, o.parking_id, o.plate_no, new Date(now)) : [];
  const bill = charged ? priceStay({ rule, entry: o.entry_time, exit: now, carClass: o.car_class, cover, coupons }) : null;
  const due = bill ? bill.totalCents - bill.discountCents : 0;
  const channel = due > 0 ? payChannelOf(Math.random, o.space_no !== '') : 0;
  const event: OrderEvent =
    channel || (due === 0 && o.state === ORDER_STATE.PAID_IN_PARK) ? 'exitPaid' : due === 0 ? 'exitFree' : 'exitUnpaid';
  const exit = transition(o.state, event);
  if (!exit.ok) return; // the state machine refuses: the car stays for a later tick
  const state = exit.to;
  await db.transaction(async (tx) => {
    await tx.query(
      `update parking_order set exit_time = to_timestamp($2 / 1000.0), exit_lane_id = $3, state = $4, receivable_cents = $5,
              discount_cents = $6, paid_cents = $7, owed_cents = $8, pay_channel = $9::int,
              pay_time = case when $9::int > 0 then to_timestamp($2 / 1000.0) end, rule_id = $10, rule_version = $11, fee_lines = $12,
              card_cover = $13,
              last_modify_time = now()
        where id = $1 and exit_time is null`,
      [
        o.id,
        now,
        lanes[0]?.id ?? null,
        state,
        bill?.totalCents ?? 0,
        bill?.discountCents ?? 0,
        channel ? due : 0,
        channel ? 0 : due,
        channel,
        bill?.ruleId ?? null,
        bill?.version ?? null,
        JSON.stringify(bill?.lines ?? []),
        cover.length ? JSON.stringify(cover) : null,
      ],
    );
    // the coupon is used: the order's coupon row, the merchant pays what it took off
    if (bill?.discounts.length)
      await redeemCoupons(tx, { id: o.id, parkingId: o.parking_id, plateNo: o.plate_no }, bill.discounts, new Date(now), '出口收费');
    if (channel)
      await tx.query(
        `insert into parking_order_payment (id, order_id, channel, serial_no, pay_time, value_cents, operator)
         values ($1, $2, $3, $4, to_timestamp($5 / 1000.0), $6, $7)`,
        [newId('pay'), o.id, channel, serialOf(channel, now, Math.floor(Math.random() * 1e5)), now, due, channel === 3 ? o.collector : ''],
      );
    if (o.space_no)
      await tx.query(
        `update parking_space set status = 0, plate_no = '', plate_color = null, last_modify_time = now()
          where parking_id = $1 and space_no = $2 and plate_no = $3`,
        [o.parking_id, o.space_no, o.plate_no],
      );
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
      const { rows } = await db.query<InPark>(
        `select id, state, parking_id, plate_no, plate_color, car_class, entry_time, space_no, collector
           from parking_order
          where exit_time is null and state in (0, 1) and entry_time < now() - interval '10 minutes'
          order by random() * extract(epoch from now() - entry_time) desc
          limit $1`,
        [poisson(((ORDERS_PER_DAY * SPEED) / 24) * (everyMs / HOUR)) + 1],
      );
      for (const o of rows) await leave(db, { ...o, state: Number(o.state) as OrderState }, now);
    },
  };
}
