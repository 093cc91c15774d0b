import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { ApiError, badRequest } from '../lib/envelope.ts';
import { settleExit } from '../orders/settlement.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { UNPLATED } from '../../domain/field-rules.ts';
import type { PublicBill } from '../../domain/public-bill.ts';
import { billOf, emptyBill, priceOpenStay, stayById, stayByToken } from './bill.ts';
import { claimUnplated, unplatedArrives } from './unplated.ts';

/**
 * The exit barrier as the public pages meet it: which lane a QR names, which car waits there (the
 * lane camera's sight, simulated: 车道管理's 模拟到达 or a test puts a car there), and the barrier
 * opening for a car that owes nothing (free, covered by a card, or paid within the grace).
 */

export interface PublicLane {
  id: string;
  parkingId: string;
  laneName: string;
  parkingName: string;
  /** cars leave by it (an exit or two-way lane) */
  exit: boolean;
  /** cars enter by it (an entry or two-way lane): its code lets an unplated car in */
  entry: boolean;
}

/** An enabled lane of the lot, whose QR is valid; else a clear refusal. */
export async function laneOf(db: Db, parkingId: string, laneId: string): Promise<PublicLane> {
  const { rows } = await db.query<{ id: string; lane_name: string; parking_name: string; qr_status: number; direction: number }>(
    `select l.id, l.lane_name, p.parking_name, l.qr_status, l.direction from parking_lane l join parking p on p.id = l.parking_id
      where l.id = $1 and l.parking_id = $2 and l.enabled_mark = 1 and l.direction in (1, 2, 3)`,
    [laneId, parkingId],
  );
  const lane = rows[0];
  if (!lane) throw new ApiError(404, '车道不存在或已停用');
  if (Number(lane.qr_status) !== 1) throw new ApiError(404, '该二维码已作废，请扫描车道上的新二维码');
  const direction = Number(lane.direction);
  return {
    id: lane.id,
    parkingId,
    laneName: lane.lane_name,
    parkingName: lane.parking_name,
    exit: direction === 2 || direction === 3,
    entry: direction === 1 || direction === 3,
  };
}

/** The lane camera sees `plateNo` at exit lane `laneId`: its open order in the lot waits at the barrier. */
export async function carArrives(db: Db, laneId: string, plateNo: string): Promise<{ orderId: string; orderNo: string }> {
  // no plate, no order known: the driver's phone names it (public/unplated.ts)
  if (plateNo === UNPLATED) return unplatedArrives(db, laneId, false).then(() => ({ orderId: '', orderNo: '' }));
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; order_no: string }>(
      `select o.id, o.order_no from parking_order o join parking_lane l on l.parking_id = o.parking_id
        where l.id = $1 and o.plate_no = $2 and o.exit_time is null and o.state = any($3::smallint[])
        order by o.entry_time desc limit 1`,
      [laneId, plateNo, [ORDER_STATE.IN_PARK, ORDER_STATE.PAID_IN_PARK]],
    );
    if (!rows[0]) throw badRequest(`车牌${plateNo}在本停车场没有在场订单`);
    // a car is at one barrier at a time, and a barrier holds one car
    await tx.query('delete from lane_presence where order_id = $1', [rows[0].id]);
    await tx.query(
      `insert into lane_presence (lane_id, order_id, entering) values ($1, $2, false)
       on conflict (lane_id) do update set order_id = excluded.order_id, entering = false, arrived_at = now()`,
      [laneId, rows[0].id],
    );
    return { orderId: rows[0].id, orderNo: rows[0].order_no };
  });
}

/** The barrier opens for the car of `token` waiting at it, when it owes nothing now. */
export async function leaveFree(db: Db, req: FastifyRequest, token: string): Promise<{ opened: true }> {
  const stay = await stayByToken(db, token);
  if (!stay) throw new ApiError(404, '订单不存在');
  if (stay.exited) throw badRequest('车辆已离场');
  const { rows } = await db.query<{ lane_id: string }>('select lane_id from lane_presence where order_id = $1', [stay.id]);
  if (!rows[0]) throw badRequest('车辆不在出口道闸前，请驶至道闸前再扫码');
  const bill = await billOf(db, req, stay, Date.now());
  if (bill.dueCents > 0) throw badRequest('请先缴费');
  const now = Date.now();
  const done = await db.transaction(async (tx) => {
    const settled = await settleExit(tx, stay.id, now, async (t, o) => {
      const priced = await priceOpenStay(t, { ...stay, state: o.state }, now);
      return { bill: priced.bill, cover: priced.cover, laneId: rows[0].lane_id, payment: null };
    });
    if (settled.settled) await tx.query('delete from lane_presence where order_id = $1', [stay.id]);
    return settled;
  });
  if (!done.settled) throw badRequest(done.reason);
  return { opened: true };
}

/** The car on kerb space `spaceId` of the lot (its QR), or the empty answer naming the lot. */
export async function stayOnSpace(db: Db, parkingId: string, spaceId: string) {
  const { rows } = await db.query<{ parking_name: string; plate_no: string; space_no: string }>(
    `select p.parking_name, s.plate_no, s.space_no from parking_space s join parking p on p.id = s.parking_id
      where s.id = $1 and s.parking_id = $2`,
    [spaceId, parkingId],
  );
  const space = rows[0];
  if (!space) throw new ApiError(404, '泊位不存在');
  const empty = emptyBill('noCar', space.parking_name);
  if (!space.plate_no) return { order: null, empty };
  const { rows: open } = await db.query<{ id: string }>(
    `select id from parking_order where parking_id = $1 and space_no = $2 and plate_no = $3 and exit_time is null
      order by entry_time desc limit 1`,
    [parkingId, space.space_no, space.plate_no],
  );
  const order = open[0] ? await stayById(db, open[0].id) : null;
  return { order, empty };
}

/**
 * What a lane's code shows: the car waiting at its barrier, or nobody (noCar). An unplated car is
 * known only by the entry pass (`passport`) of the phone that let it in: coming in, the lane offers
 * to let it in (entry); going out, the pass names its stay (then billed as any), and without that
 * pass the exit says the pass is wanted (unplated). An unplated stay's bill, its token being the
 * pass, is shown to its own phone only.
 */
export async function laneBill(db: Db, req: FastifyRequest, lane: PublicLane, at: number, passport?: string): Promise<PublicBill> {
  const { rows } = await db.query<{ order_id: string | null; entering: boolean }>(
    'select order_id, entering from lane_presence where lane_id = $1',
    [lane.id],
  );
  const present = rows[0];
  if (present && present.order_id === null) {
    if (present.entering) return emptyBill(lane.entry ? 'entry' : 'noCar', lane.parkingName, lane.laneName);
    const named = lane.exit && passport ? await claimUnplated(db, lane.id, lane.parkingId, passport) : null;
    if (named) return billOf(db, req, named, at, lane.laneName);
    return emptyBill('unplated', lane.parkingName, lane.laneName);
  }
  const stay = present?.order_id ? await stayById(db, present.order_id) : null;
  if (!stay || stay.exited) return emptyBill('noCar', lane.parkingName, lane.laneName);
  if (stay.plateNo === UNPLATED && passport !== stay.publicToken) return emptyBill('unplated', lane.parkingName, lane.laneName);
  return billOf(db, req, stay, at, lane.laneName);
}
