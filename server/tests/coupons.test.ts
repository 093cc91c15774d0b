import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { md5Hex } from '../lib/password.ts';
import { newId } from '../lib/ids.ts';
import { COUPON_STATE } from '../../domain/coupon-codes.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { OUT_OF_SCOPE } from '../resource/lot-scope.ts';
import { redeemCoupons } from '../coupons/redeem.ts';
import { couponExpiryJob } from '../jobs/coupon-expiry.ts';
import { call, login, signInLotLimitedUser, withTestServer } from './helpers.ts';
import { type InPark, leave } from '../jobs/traffic-sim.ts';
import { TEST_LOT, insertTestOrder } from './order-fixtures.ts';

/**
 * Coupons on the server: templates, issuing (stock, per-plate limit and the merchant's balance
 * checked atomically: 20 concurrent issues of the last coupon give it to one plate), the calculator
 * with a coupon number, using, voiding and expiring, each action behind its button and the lots.
 */

let app: FastifyInstance;
let db: Db;
let admin = '';
let operator = '';
withTestServer((s) => ({ app, db, admin, operator } = s));

let seq = 0;
/** A merchant of the test lot with `balance` cents. */
async function merchant(balance: number): Promise<string> {
  const id = newId('m');
  await db.query(`insert into merchant (id, merchant_name, parking_ids, balance) values ($1, $2, $3, $4)`, [
    id,
    `测试商户${++seq}`,
    [TEST_LOT],
    balance,
  ]);
  return id;
}

async function template(merchantId: string, more: Record<string, unknown> = {}): Promise<string> {
  const res = await call(app, 'POST', '/api/coupon/Template', {
    token: admin,
    json: { templateName: `停车券${++seq}`, merchantId, parkingIds: [TEST_LOT], couponType: 1, faceValue: 300, stock: 100, ...more },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as string;
}

const issue = (templateId: string, plates: string, token = admin) =>
  call(app, 'POST', '/api/coupon/Records', { token, json: { templateId, plates } });

const plate = (n: number) => `粤B${String(70000 + n).padStart(5, '0')}`;

const record = async (couponNo: string) =>
  (await db.query<Record<string, unknown>>('select * from coupon_record where coupon_no = $1', [couponNo])).rows[0];
const balanceOf = async (id: string) =>
  Number((await db.query<{ balance: string }>('select balance from merchant where id = $1', [id])).rows[0].balance);

const calc = (json: Record<string, unknown>, token = admin) => {
  // a stay of exactly the last three hours (one clock reading, so a millisecond between two readings
  // never bills a fourth hour): an issued coupon is valid now
  const now = Date.now();
  return call(app, 'POST', '/api/fee/Calculate', {
    token,
    json: { parkingId: TEST_LOT, entryTime: now - 3 * 3600_000, exitTime: now, ...json },
  });
};

describe('demo data', () => {
  it('has coupons in every state, the used ones consistent with their orders and the merchants’ ledgers', async () => {
    const { rows: states } = await db.query<{ state: number; n: number }>(
      `select state, count(*)::int as n from coupon_record where id like 'cr-s%' group by state order by state`,
    );
    expect(states.map((r) => r.state)).toEqual([0, 1, 2, 3]);
    const { rows: odd } = await db.query<{ n: number }>(
      `select count(*)::int as n from coupon_record r
         left join parking_order o on o.id = r.order_id
         left join parking_order_coupon c on c.coupon_no = r.coupon_no and c.order_id = r.order_id
        where r.state = 1 and (o.id is null or c.id is null or c.deducted_cents <> r.deducted_cents or o.discount_cents < r.deducted_cents
              or o.plate_no <> r.plate_no or not (o.parking_id = any(r.parking_ids)) or r.use_time >= r.expire_time or r.use_time < r.issue_time)`,
    );
    expect(odd[0].n).toBe(0);
    const { rows: ledger } = await db.query<{ n: number }>(
      `select count(*)::int as n from merchant m
        where m.balance <> coalesce((select l.balance_after from merchant_ledger l where l.merchant_id = m.id order by l.create_time desc, l.id desc limit 1), 0)
          and m.id like 'm-%-%'`,
    );
    expect(ledger[0].n).toBe(0);
  });
});

describe('coupon templates', () => {
  it('answers a discount both ways and refuses values that do not fit the type', async () => {
    const m = await merchant(100_000);
    const id = await template(m, { couponType: 4, faceValue: 800, capCents: 1000 });
    const got = (await call(app, 'GET', `/api/coupon/Template/${id}`, { token: admin })).body.data;
    expect(got).toMatchObject({ valueLabel: '8折（−20 %）', couponTypeLabel: '折扣券', validityLabel: '领取后7天内有效' });
    const bad = async (more: Record<string, unknown>) =>
      (
        await call(app, 'POST', '/api/coupon/Template', {
          token: admin,
          json: {
            templateName: `坏券${++seq}`,
            merchantId: m,
            parkingIds: [TEST_LOT],
            couponType: 4,
            faceValue: 800,
            capCents: 500,
            stock: 1,
            ...more,
          },
        })
      ).body;
    expect(await bad({ faceValue: 1000 })).toMatchObject({
      code: 400,
      msg: '折扣的应付比例必须是1到999之间的整数（千分比，800即8折、减20 %）',
    });
    expect((await bad({ capCents: 0 })).msg).toContain('须填写单张最高抵扣金额');
    // a cap the fee engine could not price is refused at save, not at the exit
    expect(await bad({ capCents: 1_000_001 })).toMatchObject({ code: 400, msg: '单张最高抵扣必须是0到10000元' });
    expect(await bad({ parkingIds: ['p-ns-hac-02'] })).toMatchObject({ msg: '适用停车场只能是该商户服务的停车场（商户管理中设置）' });
    // none chosen: the merchant's lots
    const all = await template(m, { parkingIds: [] });
    expect((await call(app, 'GET', `/api/coupon/Template/${all}`, { token: admin })).body.data.parkingIds).toEqual([TEST_LOT]);
    expect(await bad({ validMode: 1, validFrom: '2026-03-05', validTo: '2026-03-01' })).toMatchObject({ msg: '截止日期不能早于生效日期' });
  });
});

describe('issuing', () => {
  it('issues to one plate, then refuses the per-plate limit, exhausted stock and a low balance by name', async () => {
    const m = await merchant(1000);
    const t = await template(m, { stock: 2, perPlateLimit: 1 });
    const first = await issue(t, plate(1));
    expect(first.body).toMatchObject({ code: 200, data: { issued: 1 } });
    const no = first.body.data.rows[0].couponNo as string;
    expect(await record(no)).toMatchObject({ plate_no: plate(1), state: COUPON_STATE.ISSUED });
    expect((await issue(t, plate(1))).body).toMatchObject({ code: 400, msg: `已达每车限领：车牌${plate(1)}已领取该券1张，每车限领1张` });
    expect((await issue(t, plate(2))).body.code).toBe(200);
    expect((await issue(t, plate(3))).body).toMatchObject({ code: 400, msg: '库存不足：该优惠券已发完' });
    // 10.00 balance, two 3.00 coupons unused: a 5.00 coupon would make 11.00
    const big = await template(m, { faceValue: 500 });
    expect((await issue(big, plate(4))).body).toMatchObject({
      code: 400,
      msg: '商户余额不足：余额10.00元，已发未用的优惠券最多抵扣6.00元，本券最多抵扣5.00元，请先为商户充值',
    });
  });

  it('a batch answers one row per plate and issues the good ones', async () => {
    const t = await template(await merchant(100_000), { stock: 3 });
    const res = await issue(t, `${plate(11)}\n${plate(12)}，坏车牌\n${plate(11)} ${plate(13)};${plate(14)}`);
    expect(res.body.msg).toBe('发券完成：成功3张，失败3张');
    expect(res.body.data.rows.map((r: { plateNo: string; ok: boolean; msg: string }) => [r.plateNo, r.ok, r.msg.slice(0, 6)])).toEqual([
      [plate(11), true, '发券成功'],
      [plate(12), true, '发券成功'],
      ['坏车牌', false, '请输入正确的'],
      [plate(11), false, '已达每车限领'],
      [plate(13), true, '发券成功'],
      [plate(14), false, '库存不足：该'],
    ]);
  });

  it('20 concurrent issues of the last coupon: exactly one wins', async () => {
    const t = await template(await merchant(100_000), { stock: 1 });
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => issue(t, plate(100 + i))));
    expect(all.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(all.filter((r) => r.body.msg === '库存不足：该优惠券已发完')).toHaveLength(19);
    const { rows } = await db.query<{ n: number; stock: number }>(
      'select (select count(*)::int from coupon_record where template_id = $1) as n, stock from coupon_template where id = $1',
      [t],
    );
    expect(rows[0]).toMatchObject({ n: 1, stock: 0 });
    // an edit never writes stock back (its form may have read it before an issue); 补充库存 adds to it
    const put = await call(app, 'PUT', `/api/coupon/Template/${t}`, { token: admin, json: { stock: 50, description: '改备注' } });
    expect(put.body.code, put.body.msg).toBe(200);
    const more = await call(app, 'POST', `/api/coupon/Template/${t}/Actions/AddStock`, { token: admin, json: { count: 5 } });
    expect(more.body).toMatchObject({ code: 200, data: { stock: 5 } });
  });

  it("the merchant's balance never goes negative: concurrent issues hold it, concurrent uses spend it at most once", async () => {
    const m = await merchant(1000);
    const [a, b] = [await template(m, { faceValue: 300 }), await template(m, { faceValue: 300 })];
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => issue(i % 2 ? a : b, plate(200 + i))));
    const won = all.filter((r) => r.body.code === 200).map((r) => r.body.data.rows[0].couponNo as string);
    expect(won).toHaveLength(3); // 3 × 3.00 ≤ 10.00 < 4 × 3.00
    // the merchant's balance is lowered by hand to 5.00: of three 3.00 uses, one can be paid
    await db.query('update merchant set balance = 500 where id = $1', [m]);
    const uses = await Promise.allSettled(
      won.map(async (no) => {
        const c = await record(no);
        const plateNo = c.plate_no as string;
        const order = await insertTestOrder(db, { state: ORDER_STATE.COMPLETED, plate: plateNo });
        const line = { name: '', kind: 'amount' as const, cents: 300, couponNo: no };
        return db.transaction((tx) => redeemCoupons(tx, { id: order, parkingId: TEST_LOT, plateNo }, [line], new Date(), '测试'));
      }),
    );
    expect(uses.filter((u) => u.status === 'fulfilled')).toHaveLength(1);
    expect(uses.filter((u) => u.status === 'rejected').map((u) => (u as PromiseRejectedResult).reason.message)).toEqual([
      expect.stringContaining('商户余额不足'),
      expect.stringContaining('商户余额不足'),
    ]);
    expect(await balanceOf(m)).toBe(200);
    const ledger = await db.query<{ amount_cents: string; balance_after: string }>(
      'select amount_cents, balance_after from merchant_ledger where merchant_id = $1',
      [m],
    );
    expect(ledger.rows.map((r) => [Number(r.amount_cents), Number(r.balance_after)])).toEqual([[-300, 200]]);
  });
});

describe('using, voiding and expiring', () => {
  it('the calculator prices a stay with a coupon number, and refuses a used, expired or another plate’s coupon with its reason', async () => {
    const t = await template(await merchant(100_000), { faceValue: 300 });
    const no = (await issue(t, plate(300))).body.data.rows[0].couponNo as string;
    const plain = (await calc({ plateNo: plate(300) })).body.data;
    const priced = await calc({ plateNo: plate(300), couponNo: no });
    expect(priced.body.code, priced.body.msg).toBe(200);
    expect(priced.body.data).toMatchObject({
      discountCents: Math.min(300, plain.totalCents),
      dueCents: Math.max(0, plain.totalCents - 300),
    });
    expect(priced.body.data.discounts[0]).toMatchObject({ couponNo: no, kind: 'amount' });
    expect((await calc({ plateNo: plate(301), couponNo: no })).body).toMatchObject({
      code: 400,
      msg: `优惠券${no}发放给车牌${plate(300)}，不能用于${plate(301)}`,
    });
    // used on an order
    const order = await insertTestOrder(db, { state: ORDER_STATE.COMPLETED, plate: plate(300) });
    await db.transaction((tx) =>
      redeemCoupons(
        tx,
        { id: order, parkingId: TEST_LOT, plateNo: plate(300) },
        [{ name: '', kind: 'amount', cents: 300, couponNo: no }],
        new Date(),
        '测试',
      ),
    );
    expect((await calc({ couponNo: no })).body.msg).toMatch(new RegExp(`^优惠券${no}已使用（.+），不能再次使用$`));
    const coupons = (await call(app, 'GET', `/api/order/ParkingOrder/${order}`, { token: admin })).body.data.coupons;
    expect(coupons).toEqual([expect.objectContaining({ couponNo: no, deductedCents: 300, couponTypeLabel: '金额券' })]);
    // expired: past its time, refused before the job runs, then moved by the job with an audit row
    const late = (await issue(t, plate(302))).body.data.rows[0].couponNo as string;
    await db.query(`update coupon_record set expire_time = now() - interval '1 minute' where coupon_no = $1`, [late]);
    expect((await calc({ couponNo: late })).body.msg).toMatch(new RegExp(`^优惠券${late}已过期（有效期至.+）$`));
    await couponExpiryJob(60_000).tick(db);
    expect(await record(late)).toMatchObject({ state: COUPON_STATE.EXPIRED });
    const audits = (await call(app, 'GET', `/api/coupon/Records/${(await record(late)).id}/Audits`, { token: admin })).body.data.items;
    expect(audits.map((a: { action: string }) => a.action)).toEqual(['issue', 'expire']);
  });

  it('voids an issued coupon with a reason; a used or voided one is refused by the state machine and nothing changes', async () => {
    const t = await template(await merchant(100_000), { stock: 5 });
    const no = (await issue(t, plate(400))).body.data.rows[0].couponNo as string;
    const id = (await record(no)).id as string;
    const act = (reason: string) => call(app, 'POST', `/api/coupon/Records/${id}/Actions/Void`, { token: admin, json: { reason } });
    expect((await act('')).body.code).toBe(400);
    expect((await act('发错车牌')).body).toMatchObject({ code: 200, data: { state: COUPON_STATE.VOID } });
    expect((await act('再作废一次')).body).toMatchObject({ code: 400, msg: '优惠券当前状态为“已作废”，不能作废' });
    expect(await record(no)).toMatchObject({ state: COUPON_STATE.VOID, void_reason: '发错车牌' });
    // a voided coupon gives its per-plate place back
    expect((await issue(t, plate(400))).body.code).toBe(200);
  });
});

describe('the traffic simulator', () => {
  it('a car given a coupon uses it when it leaves: the order, the coupon and the merchant’s ledger agree', async () => {
    const lot = 'p-ns-hac-02';
    const m = newId('m');
    await db.query(`insert into merchant (id, merchant_name, parking_ids, balance) values ($1, $2, $3, 10000)`, [
      m,
      `模拟商户${++seq}`,
      [lot],
    ]);
    const t = await template(m, { parkingIds: [lot], faceValue: 200 });
    const plateNo = plate(700);
    const no = (await issue(t, plateNo)).body.data.rows[0].couponNo as string;
    const id = await insertTestOrder(db, { state: ORDER_STATE.IN_PARK, exited: false, plate: plateNo, lot });
    const entry = (await db.query<{ entry_time: Date }>('select entry_time from parking_order where id = $1', [id])).rows[0].entry_time;
    const o = {
      id,
      state: ORDER_STATE.IN_PARK,
      parking_id: lot,
      plate_no: plateNo,
      plate_color: 5,
      car_class: 1,
      entry_time: entry,
      space_no: '',
      collector: '',
    };
    await leave(db, o as InPark, Date.now());
    const order = (await db.query<Record<string, string>>('select discount_cents, receivable_cents from parking_order where id = $1', [id]))
      .rows[0];
    const taken = Math.min(200, Number(order.receivable_cents));
    expect(Number(order.discount_cents)).toBe(taken);
    expect(await record(no)).toMatchObject({ state: COUPON_STATE.USED, order_id: id, deducted_cents: taken });
    expect(await balanceOf(m)).toBe(10000 - taken);
    // 商户管理 › 余额流水 shows it
    const ledger = (await call(app, 'GET', `/api/coupon/Merchant/${m}/Ledger`, { token: admin })).body.data;
    expect(ledger).toMatchObject({
      balance: 10000 - taken,
      items: [{ couponNo: no, amountCents: -taken, balanceAfter: 10000 - taken, orderId: id }],
    });
  });
});

describe('permissions and lots', () => {
  it('each action needs its button: 403 and nothing written without it', async () => {
    const t = await template(await merchant(100_000));
    const no = (await issue(t, plate(500))).body.data.rows[0].couponNo as string;
    const role = await call(app, 'POST', '/api/system/Role', {
      token: admin,
      json: { fullName: '发券查看', enCode: 'couponViewer', menuIds: ['m-coupon', 'm-couponTemplate', 'm-couponRecord'] },
    });
    expect(role.body.code, role.body.msg).toBe(200);
    const res = await call(app, 'POST', '/api/system/Permission/Users', {
      token: admin,
      json: {
        account: 'couponviewer',
        realName: '发券查看',
        roleIds: [role.body.data.id],
        userPassword: md5Hex('Cpv12345'),
        validatePassword: md5Hex('Cpv12345'),
      },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    const viewer = await login(app, 'couponviewer', 'Cpv12345');
    expect((await call(app, 'GET', '/api/coupon/Records', { token: viewer })).body.code).toBe(200);
    expect((await call(app, 'GET', '/api/coupon/Template', { token: viewer })).body.code).toBe(200);
    const id = (await record(no)).id as string;
    const refused = [
      await call(app, 'POST', '/api/coupon/Template', { token: viewer, json: { templateName: 'x' } }),
      await call(app, 'PUT', `/api/coupon/Template/${t}`, { token: viewer, json: { stock: 1 } }),
      await call(app, 'DELETE', `/api/coupon/Template/${t}`, { token: viewer }),
      await issue(t, plate(501), viewer),
      await call(app, 'GET', '/api/coupon/TemplateOptions', { token: viewer }),
      await call(app, 'POST', `/api/coupon/Records/${id}/Actions/Void`, { token: viewer, json: { reason: '试试' } }),
      await call(app, 'GET', '/api/coupon/Records/Actions/Export', { token: viewer }),
      await issue(t, plate(502), operator),
      await call(app, 'GET', '/api/coupon/Merchant/m-hac-starbucks/Ledger', { token: viewer }),
      await call(app, 'POST', `/api/coupon/Template/${t}/Actions/AddStock`, { token: viewer, json: { count: 5 } }),
    ];
    expect(refused.map((r) => r.body.code)).toEqual(Array(refused.length).fill(403));
    expect(await record(no)).toMatchObject({ state: COUPON_STATE.ISSUED });
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from coupon_record where template_id = $1', [t]);
    expect(rows[0].n).toBe(1);
  });

  it('a user of other lots neither sees, issues, voids nor prices another lot’s coupons', async () => {
    const m = await merchant(100_000);
    const t = await template(m);
    const no = (await issue(t, plate(600))).body.data.rows[0].couponNo as string;
    const id = (await record(no)).id as string;
    const elsewhere = await signInLotLimitedUser(app, admin, 'couponelsewhere', ['p-ns-hac-02']);
    const records = (await call(app, 'GET', `/api/coupon/Records?keyword=${no}`, { token: elsewhere })).body.data.list;
    expect(records).toEqual([]);
    const templates = (await call(app, 'GET', '/api/coupon/Template?pageSize=100', { token: elsewhere })).body.data.list;
    expect(templates.map((x: { id: string }) => x.id)).not.toContain(t);
    expect((await issue(t, plate(601), elsewhere)).body).toMatchObject({ code: 403, msg: OUT_OF_SCOPE });
    expect(
      (await call(app, 'POST', `/api/coupon/Records/${id}/Actions/Void`, { token: elsewhere, json: { reason: '试试' } })).body,
    ).toMatchObject({
      code: 403,
      msg: OUT_OF_SCOPE,
    });
    expect((await call(app, 'GET', `/api/coupon/Records/${id}`, { token: elsewhere })).body.code).toBe(403);
    expect(
      (
        await call(app, 'POST', '/api/fee/Calculate', {
          token: elsewhere,
          json: { parkingId: 'p-ns-hac-02', entryTime: '2026-03-02 08:00:00', exitTime: '2026-03-02 09:00:00', couponNo: no },
        })
      ).body,
    ).toMatchObject({ code: 403 });
    expect((await call(app, 'GET', `/api/coupon/Merchant/${m}/Ledger`, { token: elsewhere })).body.code).toBe(403);
    expect(await record(no)).toMatchObject({ state: COUPON_STATE.ISSUED });
  });
});
