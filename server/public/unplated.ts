import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { carEnters, lockEntryLane, openStay } from '../orders/lane-entry.ts';
import { UNPLATED } from '../../domain/field-rules.ts';
import { publicTokenOf, stayById, stayByToken, type OpenStay } from './bill.ts';

/**
 * Unplated cars (无牌) at the barriers. The lane camera sees a car but reads no plate, so it cannot
 * tell which stay it is. At the entry lane such a car waits until its driver scans the lane's code:
 * that opens its stay and hands the phone an entry pass (the order's public token, kept by the
 * page). At the exit lane the same phone's pass names the stay, which then waits at that barrier like
 * any recognised car: billed, paid and let out through the settlement service as usual.
 */

/** The camera at `laneId` sees a car without a plate, coming in or going out: it waits there, its stay not yet known. */
export async function unplatedArrives(db: Db, laneId: string, entering: boolean): Promise<void> {
  await db.query(
    `insert into lane_presence (lane_id, order_id, entering) values ($1, null, $2)
     on conflict (lane_id) do update set order_id = null, entering = excluded.entering, arrived_at = now()`,
    [laneId, entering],
  );
}

/**
 * The entry lane's camera (车道管理 › 模拟入场) sees `plateNo`: a plated car's stay opens at once; an
 * unplated one waits at the barrier for its driver's scan.
 */
export async function entryCameraSees(db: Db, laneId: string, plateNo: string, now: number) {
  if (plateNo !== UNPLATED) return { waiting: false, ...(await carEnters(db, laneId, plateNo, now)) };
  return db.transaction(async (tx) => {
    const lane = await lockEntryLane(tx, laneId);
    await unplatedArrives(tx, laneId, true);
    return { waiting: true, orderId: '', orderNo: '', parkingId: lane.parkingId };
  });
}

export interface EntryPass {
  /** the order's public token: the phone keeps it and shows it at the exit */
  token: string;
  orderNo: string;
  entryTime: number;
}

/** The driver of the unplated car waiting at entry lane `laneId` scanned its code: the stay opens. */
export async function enterUnplated(db: Db, laneId: string, now: number): Promise<EntryPass> {
  return db.transaction(async (tx) => {
    const lane = await lockEntryLane(tx, laneId);
    const { rowCount } = await tx.query('delete from lane_presence where lane_id = $1 and order_id is null and entering', [laneId]);
    if (!rowCount) throw badRequest('入口道闸前没有待入场的无牌车，请将车辆驶至道闸前再扫码');
    const opened = await openStay(tx, lane, laneId, UNPLATED, now);
    const token = await publicTokenOf(tx, { id: opened.orderId, publicToken: null });
    return { token, orderNo: opened.orderNo, entryTime: now };
  });
}

/**
 * The phone at exit lane `laneId` shows entry pass `passport` while an unplated car waits there:
 * when the pass names an unplated stay still in this lot, that stay is the car at the barrier.
 * Null when it names none (another lot's pass, a stay already out, a plated car's token).
 */
export async function claimUnplated(
  db: Db,
  laneId: string,
  parkingId: string,
  passport: string,
): Promise<(OpenStay & { exited: boolean }) | null> {
  const stay = await stayByToken(db, passport);
  if (!stay || stay.exited || stay.parkingId !== parkingId || stay.plateNo !== UNPLATED) return null;
  const claimed = await db.transaction(async (tx) => {
    // a car is at one barrier at a time
    await tx.query('delete from lane_presence where order_id = $1 and lane_id <> $2', [stay.id, laneId]);
    const { rowCount } = await tx.query('update lane_presence set order_id = $2 where lane_id = $1 and order_id is null', [
      laneId,
      stay.id,
    ]);
    return rowCount > 0;
  });
  return claimed ? stayById(db, stay.id) : null;
}
