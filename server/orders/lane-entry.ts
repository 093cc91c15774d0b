import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { badRequest, ApiError } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { plateGrams } from '../entities/parking-orders.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { UNPLATED } from '../../domain/field-rules.ts';
import { chinaDate } from '../../domain/china-time.ts';

/**
 * The entry lane's camera, simulated (车道管理 › 模拟入场, beside 模拟到达 at the exits): a
 * temporary car recognised at an entry barrier opens a stay now, as the traffic simulator's
 * arrivals do. Kerb lots have no barrier: their cars are registered by the collector's handheld.
 * An unplated car (无牌) is not let in by the camera: it waits at the barrier until its driver scans
 * the entry lane's code (public/unplated.ts), which opens its stay here.
 */

export interface EntryLane {
  parkingId: string;
  parkingCode: string;
}

/** Entry lane `laneId` of a barrier lot, locked by its lot's row (two sightings at once open one stay). */
export async function lockEntryLane(tx: Db, laneId: string): Promise<EntryLane> {
  const lane = await tx.kysely
    .selectFrom('parkingLane as l')
    .innerJoin('parking as p', 'p.id', 'l.parkingId')
    .select(['l.parkingId', 'l.direction', 'p.type', 'p.parkingCode'])
    .where('l.id', '=', laneId)
    .executeTakeFirst();
  if (!lane) throw new ApiError(404, '车道不存在');
  if (![1, 3].includes(Number(lane.direction))) throw badRequest('只有入口车道有入场道闸');
  if (Number(lane.type) === 0) throw badRequest('路内停车场没有道闸，请用手持终端登记入场');
  await tx.query('select id from parking where id = $1 for update', [lane.parkingId]);
  return { parkingId: lane.parkingId, parkingCode: lane.parkingCode };
}

/** Opens the stay of `plateNo` entering by `laneId` of `lane` at `now` (the lot locked by the caller). */
export async function openStay(
  tx: Db,
  lane: EntryLane,
  laneId: string,
  plateNo: string,
  now: number,
): Promise<{ orderId: string; orderNo: string; parkingId: string }> {
  const unplated = plateNo === UNPLATED;
  // many unplated cars may be in at once: each is its own stay, known by its entry pass
  if (!unplated) {
    const { rows } = await tx.query<{ id: string }>(
      'select id from parking_order where parking_id = $1 and plate_no = $2 and exit_time is null and state = any($3::smallint[]) limit 1',
      [lane.parkingId, plateNo, [ORDER_STATE.IN_PARK, ORDER_STATE.PAID_IN_PARK]],
    );
    if (rows[0]) throw badRequest(`车牌${plateNo}已在场`);
  }
  const id = newId('o');
  const orderNo = `P${chinaDate(now).replaceAll('-', '')}${lane.parkingCode.slice(-2)}${id.slice(-6).toUpperCase()}`;
  await tx.kysely
    .insertInto('parkingOrder')
    .values({
      id,
      orderNo,
      parkingId: lane.parkingId,
      spaceNo: '',
      plateNo,
      // a new-energy plate (eight characters) is green, any other blue; an unplated car has no colour
      plateColor: unplated ? null : plateNo.length === 8 ? 3 : 5,
      // 1 temporary, 6 unplated (domain/parking-codes.ts CAR_CLASS)
      carClass: unplated ? 6 : 1,
      source: 1,
      entryLaneId: laneId,
      entryTime: sql<Date>`to_timestamp(${now} / 1000.0)`,
      collector: '',
      plateGrams: plateGrams(plateNo),
    })
    .execute();
  return { orderId: id, orderNo, parkingId: lane.parkingId };
}

/** The camera at entry lane `laneId` sees `plateNo` at `now`: its stay opens (a plated car). */
export async function carEnters(
  db: Db,
  laneId: string,
  plateNo: string,
  now: number,
): Promise<{ orderId: string; orderNo: string; parkingId: string }> {
  return db.transaction(async (tx) => openStay(tx, await lockEntryLane(tx, laneId), laneId, plateNo, now));
}
