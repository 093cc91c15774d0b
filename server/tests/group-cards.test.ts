import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { addDays } from '../cards/renewal.ts';
import { enterGroup, leaveGroup } from '../cards/group-slots.ts';
import { call, withTestServer } from './helpers.ts';
import { TEST_LOT, insertTestOrder } from './order-fixtures.ts';

/**
 * 团体卡 on the server: its paid period and price kept, and its slots (多车共位) handed to the plate
 * waiting longest when a holder leaves, by an exit or an order closed by hand.
 */

let app: FastifyInstance;
let db: Db;
let admin = '';
withTestServer((s) => ({ app, db, admin } = s));

const TODAY = chinaDate(Date.now());
let seq = 0;
const plate = () => `粤B8G${String(++seq).padStart(3, '0')}`;
const payGroup = (id: string, json: unknown) => call(app, 'POST', `/api/card/GroupCard/${id}/Actions/Pay`, { token: admin, json });

describe('group cards', () => {
  it('once paid, its period and price stay as paid: an edit may change the rest, not those', async () => {
    const json = {
      companyName: '改期单位',
      parkingId: TEST_LOT,
      slots: 1,
      plateNos: [plate()],
      priceCents: 50000,
      startDate: TODAY,
      endDate: addDays(TODAY, 30),
    };
    const id = (await call(app, 'POST', '/api/card/GroupCard', { token: admin, json })).body.data.id as string;
    const edit = (patch: Record<string, unknown>) =>
      call(app, 'PUT', `/api/card/GroupCard/${id}`, { token: admin, json: { ...json, ...patch } });
    // before payment the terms are still being agreed
    expect((await edit({ endDate: addDays(TODAY, 60) })).body.code).toBe(200);
    expect((await payGroup(id, { channel: 1 })).body.code).toBe(200);
    const refused = '团体卡已支付，有效期和费用不能再修改；续期请新开一张团体卡并支付';
    expect((await edit({ endDate: addDays(TODAY, 400) })).body).toMatchObject({ code: 400, msg: refused });
    expect((await edit({ endDate: addDays(TODAY, 60), priceCents: 1 })).body).toMatchObject({ code: 400, msg: refused });
    expect((await edit({ endDate: addDays(TODAY, 60), contactName: '李四' })).body.code).toBe(200);
    const row = (
      await db.query<{ end_date: Date; price_cents: string; contact_name: string }>('select * from group_card where id = $1', [id])
    ).rows[0];
    expect([chinaDate(row.end_date.getTime()), Number(row.price_cents), row.contact_name]).toEqual([addDays(TODAY, 60), 50000, '李四']);
  });

  /** A paid group card of `slots` slots for `plates` in the test lot; answers its id. */
  async function paidGroupCard(slots: number, plates: string[]): Promise<string> {
    const res = await call(app, 'POST', '/api/card/GroupCard', {
      token: admin,
      json: {
        companyName: '测试科技有限公司',
        parkingId: TEST_LOT,
        slots,
        plateNos: plates,
        priceCents: 50000,
        startDate: addDays(TODAY, -1),
        endDate: addDays(TODAY, 30),
        backdateReason: '补录纸质团体卡',
      },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    expect((await payGroup(res.body.data.id, { channel: 1 })).body.code).toBe(200);
    return res.body.data.id;
  }
  /** `plate` enters the test lot at `at` on a new order; answers the order and whether it holds a slot. */
  async function arrive(plateNo: string, at: number) {
    const orderId = await insertTestOrder(db, { state: 0, plate: plateNo, exited: false, entry: new Date(at) });
    const got = await db.transaction((tx) => enterGroup(tx, { lotId: TEST_LOT, plate: plateNo, orderId, at }));
    return { orderId, holds: got?.holds };
  }

  it('an order closed by hand gives its slot to the plate waiting longest', async () => {
    const plates = [plate(), plate()];
    const id = await paidGroupCard(1, plates);
    const t0 = Date.now() - 2 * 3600_000;
    const first = await arrive(plates[0], t0);
    await arrive(plates[1], t0 + 60_000);
    const close = await call(app, 'POST', `/api/order/ParkingOrder/${first.orderId}/Actions/Close`, {
      token: admin,
      json: { reason: '车辆已离场，补录关单' },
    });
    expect(close.body.code, close.body.msg).toBe(200);
    const board = (await call(app, 'GET', `/api/card/GroupCard/${id}/Slots`, { token: admin })).body.data;
    expect(board.holders.map((s: { plateNo: string }) => s.plateNo)).toEqual([plates[1]]);
    expect(board.waiting).toEqual([]);
  });

  it('two slots, three plates: the third waits until a holder leaves, then takes its slot at that moment', async () => {
    const plates = [plate(), plate(), plate()];
    const id = await paidGroupCard(2, plates);
    const t0 = Date.now() - 3 * 3600_000;
    const orders: string[] = [];
    for (const [i, p] of plates.entries()) {
      const { orderId, holds } = await arrive(p, t0 + i * 60_000);
      orders.push(orderId);
      expect(holds).toBe(i < 2);
    }
    let board = (await call(app, 'GET', `/api/card/GroupCard/${id}/Slots`, { token: admin })).body.data;
    expect(board.holders.map((s: { plateNo: string }) => s.plateNo).sort()).toEqual(plates.slice(0, 2).sort());
    expect(board.waiting.map((s: { plateNo: string }) => s.plateNo)).toEqual([plates[2]]);
    const leftAt = t0 + 3600_000;
    const term = await db.transaction((tx) => leaveGroup(tx, orders[0], leftAt));
    expect(term).toMatchObject({ kind: 'group', holdFrom: t0, holdTo: leftAt });
    board = (await call(app, 'GET', `/api/card/GroupCard/${id}/Slots`, { token: admin })).body.data;
    expect(board.waiting).toEqual([]);
    expect(board.holders.find((s: { plateNo: string }) => s.plateNo === plates[2])).toMatchObject({ holdFrom: leftAt });
    expect(board.history).toHaveLength(3);
  });

  it('a holder’s exit recorded after a later arrival frees the slot for that arrival from the moment it came', async () => {
    const plates = [plate(), plate()];
    const id = await paidGroupCard(1, plates);
    const t0 = Date.now() - 3 * 3600_000;
    const first = await arrive(plates[0], t0);
    // the second car came at +30 min and was recorded before the first car's exit at +10 min
    expect((await arrive(plates[1], t0 + 1800_000)).holds).toBe(false);
    await db.transaction((tx) => leaveGroup(tx, first.orderId, t0 + 600_000));
    const board = (await call(app, 'GET', `/api/card/GroupCard/${id}/Slots`, { token: admin })).body.data;
    expect(board.holders).toEqual([expect.objectContaining({ plateNo: plates[1], holdFrom: t0 + 1800_000 })]);
  });
});
