import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { md5Hex } from '../lib/password.ts';
import { CARD_STATUS } from '../../domain/card-codes.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { settleCardStatuses } from '../cards/status-job.ts';
import { addDays } from '../cards/renewal.ts';
import { cardHolderAt, coverAtExit } from '../cards/sim.ts';
import { priceStay } from '../fees/engine.ts';
import { findRuleVersion } from '../fees/rule-lookup.ts';
import type { FeeCover } from '../fees/types.ts';
import { call, login, signInLotLimitedUser, withTestServer } from './helpers.ts';
import { TEST_LOT, insertTestOrder } from './order-fixtures.ts';

/**
 * 月卡产品, 月卡, 团体卡 on the server: each action behind its button, the caller's lots, a plate on one
 * holding card per lot, payments and renewals as card_payment rows with audit rows, the status
 * job on time, and a group card's slots handed over when a holder leaves.
 */

let app: FastifyInstance;
let db: Db;
let admin = '';
let viewer = '';
let otherLot = '';
withTestServer((s) => ({ app, db, admin } = s));

const OTHER_LOT = 'p-ns-hac-02';
const TODAY = chinaDate(Date.now());
let productId = '';
let seq = 0;
const plate = () => `粤B8C${String(++seq).padStart(3, '0')}`;

beforeAll(async () => {
  // sees the card screens, holds none of their buttons
  const role = await call(app, 'POST', '/api/system/Role', {
    token: admin,
    json: { fullName: '卡查看', enCode: 'cardViewer', menuIds: ['m-card', 'm-monthCardProduct', 'm-monthCard', 'm-groupCard'] },
  });
  expect(role.body.code, role.body.msg).toBe(200);
  const user = await call(app, 'POST', '/api/system/Permission/Users', {
    token: admin,
    json: {
      account: 'cardview',
      realName: '卡查看',
      roleIds: [role.body.data.id],
      userPassword: md5Hex('pw1234'),
      validatePassword: md5Hex('pw1234'),
    },
  });
  expect(user.body.code, user.body.msg).toBe(200);
  viewer = await login(app, 'cardview', 'pw1234');
  otherLot = await signInLotLimitedUser(app, admin, 'cardlot', [OTHER_LOT]);
  const p = await call(app, 'POST', '/api/card/CardProduct', {
    token: admin,
    json: { productName: '测试月卡', periodKind: 1, priceCents: 30000, timeWindow: 1, parkingIds: [TEST_LOT, OTHER_LOT] },
  });
  expect(p.body.code, p.body.msg).toBe(200);
  productId = p.body.data.id;
});

const open = (json: Record<string, unknown> = {}, token = admin) =>
  call(app, 'POST', '/api/card/MonthCard', {
    token,
    // the tests' cards that began before today are recorded by the administrator, with a reason
    json: {
      productId,
      parkingId: TEST_LOT,
      plateNos: [plate()],
      ownerName: '张三',
      ownerPhone: '13512346781',
      startDate: TODAY,
      backdateReason: '补录纸质月卡',
      ...json,
    },
  });
const act = (id: string, action: string, json: unknown, token = admin, kind = 'MonthCard') =>
  call(app, 'POST', `/api/card/${kind}/${id}/Actions/${action}`, { token, json });
const card = async (id: string) => (await db.query<Record<string, unknown>>('select * from month_card where id = $1', [id])).rows[0];

describe('monthly cards', () => {
  it('opens pending with the period of its product, masks the phone, pays into ACTIVE with a payment and an audit row', async () => {
    const res = await open({ startDate: '2099-01-31' });
    expect(res.body.code, res.body.msg).toBe(200);
    const id = res.body.data.id;
    const got = await call(app, 'GET', `/api/card/MonthCard/${id}`, { token: admin });
    expect(got.body.data).toMatchObject({
      status: CARD_STATUS.PENDING_PAY,
      startDate: '2099-01-31',
      endDate: '2099-02-28',
      ownerPhone: '135****6781',
    });
    const paid = await act(id, 'Pay', { channel: 1 });
    expect(paid.body.code, paid.body.msg).toBe(200);
    expect(paid.body.data.status).toBe(CARD_STATUS.ACTIVE);
    const history = await call(app, 'GET', `/api/card/MonthCard/${id}/History`, { token: admin });
    expect(history.body.data.payments).toEqual([
      expect.objectContaining({ amountCents: 30000, periodStart: '2099-01-31', periodEnd: '2099-02-28' }),
    ]);
    expect(history.body.data.audits).toEqual([expect.objectContaining({ action: 'pay', before: expect.objectContaining({ status: 0 }) })]);
    // paying twice is refused by the machine and changes nothing
    const again = await act(id, 'Pay', { channel: 1 });
    expect(again.body).toMatchObject({ code: 400, msg: '卡当前状态为“有效”，不能支付开卡' });
    // an edit sending the masked phone back keeps the stored one
    const edit = await call(app, 'PUT', `/api/card/MonthCard/${id}`, { token: admin, json: { ...got.body.data, ownerName: '张四' } });
    expect(edit.body.code, edit.body.msg).toBe(200);
    expect((await card(id)).owner_phone).toBe('13512346781');
    // and is audited with what changed only
    const audits = (await call(app, 'GET', `/api/card/MonthCard/${id}/History`, { token: admin })).body.data.audits;
    expect(audits.at(-1)).toMatchObject({
      action: 'edit',
      actionLabel: '编辑',
      before: { ownerName: '张三' },
      after: { ownerName: '张四' },
    });
  });

  it('charges what opening the card cost when it was opened, not a price changed before the owner pays', async () => {
    const product = await call(app, 'POST', '/api/card/CardProduct', {
      token: admin,
      json: { productName: '调价月卡', periodKind: 1, priceCents: 20000, timeWindow: 1, parkingIds: [TEST_LOT] },
    });
    expect(product.body.code, product.body.msg).toBe(200);
    const id = (await open({ productId: product.body.data.id, periods: 2 })).body.data.id;
    const row = (await call(app, 'GET', `/api/card/MonthCard?plateNo=&currentPage=1&pageSize=100`, { token: admin })).body.data.list.find(
      (c: { id: string }) => c.id === id,
    );
    expect(row).toMatchObject({ openingCents: 40000 });
    expect(row.amountCents).toBeUndefined();
    const repriced = await call(app, 'PUT', `/api/card/CardProduct/${product.body.data.id}`, {
      token: admin,
      json: { ...product.body.data, priceCents: 25000 },
    });
    expect(repriced.body.code, repriced.body.msg).toBe(200);
    expect((await act(id, 'Pay', { channel: 2 })).body.code).toBe(200);
    const history = await call(app, 'GET', `/api/card/MonthCard/${id}/History`, { token: admin });
    expect(history.body.data.payments).toEqual([expect.objectContaining({ amountCents: 40000, periods: 2 })]);
  });

  it('a card cannot start before today unless the administrator records it with a reason, audited', async () => {
    const past = addDays(TODAY, -30);
    const refused = await open({ startDate: past, backdateReason: '' });
    expect(refused.body).toMatchObject({ code: 400, msg: `开始日期不能早于今天（${TODAY}）；补录过去开始的卡须由管理员填写补录原因` });
    // a user who may open cards but is no administrator may not back-date one, even with a reason
    const clerk = await signInLotLimitedUser(app, admin, 'cardclerk', [TEST_LOT]);
    // every menu and button of the administrator, in a role that is not the administrator's
    await db.query(`insert into roles (id, full_name, en_code) values ('r-clerk', '办卡员', 'cardClerk')`);
    await db.query(`insert into role_menus select 'r-clerk', menu_id from role_menus where role_id = 'r-admin'`);
    await db.query(`insert into role_buttons select 'r-clerk', button_id from role_buttons where role_id = 'r-admin'`);
    await db.query(`update user_roles set role_id = 'r-clerk' where user_id = (select id from users where account = 'cardclerk')`);
    const byClerk = await open({ startDate: past, backdateReason: '纸质卡补录' }, clerk);
    expect(byClerk.body).toMatchObject({ code: 400, msg: '只有管理员可以补录开始日期早于今天的卡' });
    const ok = await open({ startDate: past, backdateReason: '纸质卡补录' });
    expect(ok.body.code, ok.body.msg).toBe(200);
    const history = await call(app, 'GET', `/api/card/MonthCard/${ok.body.data.id}/History`, { token: admin });
    expect(history.body.data.audits).toEqual([
      expect.objectContaining({ action: 'backdate', actionLabel: '补录开卡', reason: '纸质卡补录', operator: '系统管理员（admin）' }),
    ]);
  });

  it('a group card without a price is not paid, and a card whose days are over is not paid', async () => {
    const json = {
      companyName: '无费用单位',
      parkingId: TEST_LOT,
      slots: 1,
      plateNos: [plate()],
      startDate: TODAY,
      endDate: addDays(TODAY, 30),
    };
    const g = await call(app, 'POST', '/api/card/GroupCard', { token: admin, json });
    expect(g.body.code, g.body.msg).toBe(200);
    const pay = await act(g.body.data.id, 'Pay', { channel: 1 }, admin, 'GroupCard');
    expect(pay.body.code).toBe(400);
    expect(pay.body.msg).toMatch(/的费用为0\.00元，不能支付开卡；请先编辑填写费用$/);
    const old = await open({ startDate: addDays(TODAY, -90) });
    expect(old.body.code, old.body.msg).toBe(200);
    const late = await act(old.body.data.id, 'Pay', { channel: 1 });
    expect(late.body.msg).toMatch(/的有效期已于\d{4}-\d{2}-\d{2}结束，不能支付开卡；请新办一张卡$/);
  });

  it('refuses a plate already on a holding card of the same lot, allows it in another lot', async () => {
    const p = plate();
    expect((await open({ plateNos: [p] })).body.code).toBe(200);
    const dup = await open({ plateNos: [p.replace('粤', '粤'), plate()] });
    expect(dup.body).toMatchObject({ code: 400 });
    expect(dup.body.msg).toMatch(new RegExp(`^车牌${p}已在本停车场的月卡YK\\d+上，不能重复办理$`));
    expect((await open({ plateNos: [p], parkingId: OTHER_LOT })).body.code).toBe(200);
  });

  it('renewal: the quote shows the period before paying, the payment moves the end and is audited', async () => {
    const id = (await open({ startDate: addDays(TODAY, -20) })).body.data.id;
    await act(id, 'Pay', { channel: 3 });
    const before = await call(app, 'GET', `/api/card/MonthCard/${id}`, { token: admin });
    const quote = await call(app, 'GET', `/api/card/MonthCard/${id}/Actions/RenewQuote?periods=2`, { token: admin });
    expect(quote.body.data).toMatchObject({ startDate: addDays(before.body.data.endDate, 1), periods: 2, amountCents: 60000 });
    const r = await act(id, 'Renew', { channel: 1, periods: 2 });
    expect(r.body.code, r.body.msg).toBe(200);
    expect(r.body.data).toMatchObject({ endDate: quote.body.data.endDate, status: CARD_STATUS.ACTIVE });
  });

  it('freeze needs a reason; a frozen card is refused renewal with its state named', async () => {
    const id = (await open()).body.data.id;
    await act(id, 'Pay', { channel: 1 });
    expect((await act(id, 'Freeze', { reason: ' ' })).body).toMatchObject({ code: 400, msg: '冻结原因不能为空' });
    expect((await act(id, 'Freeze', { reason: '车主申请报停' })).body.code).toBe(200);
    expect((await act(id, 'Renew', { channel: 1, periods: 1 })).body).toMatchObject({ code: 400, msg: '卡当前状态为“已冻结”，不能续费' });
    expect((await act(id, 'Unfreeze', {})).body.data.status).toBe(CARD_STATUS.ACTIVE);
  });

  it('the status job turns cards EXPIRING within 7 days and EXPIRED after their end, with audit rows', async () => {
    const soon = (await open({ startDate: addDays(TODAY, -25) })).body.data.id;
    const past = (await open({ startDate: addDays(TODAY, -40) })).body.data.id;
    await act(soon, 'Pay', { channel: 1 });
    await db.query('update month_card set status = 1 where id = $1', [soon]);
    await act(past, 'Pay', { channel: 1 });
    await db.query('update month_card set status = 1 where id = $1', [past]);
    await settleCardStatuses(db);
    expect(Number((await card(soon)).status)).toBe(CARD_STATUS.EXPIRING);
    expect(Number((await card(past)).status)).toBe(CARD_STATUS.EXPIRED);
    const { rows } = await db.query<{ action: string; operator: string }>(
      'select action, operator from card_audit where card_id = $1 order by operate_time',
      [past],
    );
    expect(rows.at(-1)).toEqual({ action: 'expire', operator: '系统' });
  });
});

describe('permissions and lots', () => {
  it.each([
    ['POST', '/api/card/CardProduct', {}],
    ['POST', '/api/card/MonthCard', {}],
    ['POST', '/api/card/MonthCard/x/Actions/Pay', { channel: 1 }],
    ['POST', '/api/card/MonthCard/x/Actions/Renew', { channel: 1, periods: 1 }],
    ['GET', '/api/card/MonthCard/x/Actions/RenewQuote?periods=1', undefined],
    ['POST', '/api/card/MonthCard/x/Actions/Freeze', { reason: 'x' }],
    ['POST', '/api/card/MonthCard/x/Actions/Unfreeze', {}],
    ['POST', '/api/card/GroupCard', {}],
    ['POST', '/api/card/GroupCard/x/Actions/Pay', { channel: 1 }],
    ['POST', '/api/card/GroupCard/x/Actions/Freeze', { reason: 'x' }],
  ] as const)('%s %s without its button answers 403', async (method, url, json) => {
    const res = await call(app, method, url, { token: viewer, json });
    expect(res.body.code).toBe(403);
  });

  it('the viewer still reads the lists', async () => {
    expect((await call(app, 'GET', '/api/card/MonthCard', { token: viewer })).body.code).toBe(200);
  });

  it("a user of another lot neither sees nor pays this lot's card, nor opens one here", async () => {
    const id = (await open()).body.data.id;
    const list = await call(app, 'GET', '/api/card/MonthCard?pageSize=100', { token: otherLot });
    expect(list.body.data.list.every((c: { parkingId: string }) => c.parkingId === OTHER_LOT)).toBe(true);
    expect((await call(app, 'GET', `/api/card/MonthCard/${id}`, { token: otherLot })).body.code).toBe(403);
    expect((await act(id, 'Pay', { channel: 1 }, otherLot)).body).toMatchObject({ code: 403, msg: '无权访问其他停车场的数据' });
    expect(Number((await card(id)).status)).toBe(CARD_STATUS.PENDING_PAY);
    expect((await open({}, otherLot)).body.code).toBe(403);
  });

  it('a card for a lot that does not exist is refused by name, not with a server error', async () => {
    const json = {
      companyName: '不存在车场的单位',
      parkingId: 'no-such-lot',
      slots: 1,
      plateNos: [plate()],
      startDate: TODAY,
      endDate: addDays(TODAY, 30),
    };
    expect((await call(app, 'POST', '/api/card/GroupCard', { token: admin, json })).body).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/不存在$/),
    });
    const month = await open({ parkingId: 'no-such-lot' });
    expect(month.body).toMatchObject({ code: 400, msg: expect.stringMatching(/不存在$/) });
  });
});

describe('demo data', () => {
  it('has monthly cards in every state, three group cards, and card stays priced by the engine with their card', async () => {
    const { rows: states } = await db.query<{ status: number }>(
      "select distinct status from month_card where id like 'mc-s%' order by status",
    );
    expect(states.map((r) => Number(r.status))).toEqual([0, 1, 2, 3, 4]);
    expect((await db.query("select 1 from group_card where id like 'gc-s%'")).rows).toHaveLength(3);
    // the 2-slot card has three plates in the lot: two hold the slots, one waits
    const board = (await call(app, 'GET', '/api/card/GroupCard/gc-s0/Slots', { token: admin })).body.data;
    expect([board.slots, board.held, board.free, board.waiting.length]).toEqual([2, 2, 0, 1]);
    const { rows } = await db.query<Record<string, unknown>>(
      `select id, entry_time, exit_time, car_class, rule_id, rule_version, receivable_cents, card_cover from parking_order
        where car_class in (2, 3) and exit_time is not null and rule_id is not null order by id limit 60`,
    );
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.some((r) => r.card_cover !== null)).toBe(true);
    for (const r of rows) {
      const rule = await findRuleVersion(db, String(r.rule_id), Number(r.rule_version));
      const bill = priceStay({
        rule: rule!,
        entry: r.entry_time as Date,
        exit: r.exit_time as Date,
        carClass: Number(r.car_class),
        cover: (r.card_cover as FeeCover[] | null) ?? undefined,
      });
      expect(bill.totalCents, String(r.id)).toBe(Number(r.receivable_cents));
    }
  });
});

describe('card holders in the traffic simulator', () => {
  it('a monthly arrival is a plate of a valid card not inside; its exit is covered by the card', async () => {
    const p = plate();
    const id = (await open({ plateNos: [p], parkingId: OTHER_LOT, startDate: addDays(TODAY, -3) })).body.data.id;
    await act(id, 'Pay', { channel: 1 });
    const seen = new Set<string>();
    for (let i = 0; i < 300 && !seen.has(p); i++) seen.add((await cardHolderAt(db, OTHER_LOT, 2))!.plateNo);
    expect(seen.has(p)).toBe(true);
    const orderId = await insertTestOrder(db, {
      state: 0,
      plate: p,
      lot: OTHER_LOT,
      exited: false,
      entry: new Date(Date.now() - 2 * 3600_000),
    });
    const cover = await coverAtExit(
      db,
      { id: orderId, parking_id: OTHER_LOT, plate_no: p, car_class: 2, entry_time: new Date(Date.now() - 2 * 3600_000) },
      Date.now(),
    );
    expect(cover).toEqual([expect.objectContaining({ reason: expect.stringMatching(/^月卡YK\d+有效（全天）$/) })]);
    // inside now: never picked again while there
    for (let i = 0; i < 20; i++) expect((await cardHolderAt(db, OTHER_LOT, 2))?.plateNo).not.toBe(p);
  });
});

describe('a card in the calculator and under concurrency', () => {
  const calc = (plateNo: string) =>
    call(app, 'POST', '/api/fee/Calculate', {
      token: admin,
      json: { parkingId: TEST_LOT, plateNo, entryTime: `${TODAY} 08:00:00`, exitTime: `${TODAY} 12:00:00` },
    });

  it("the calculator applies an active card; a frozen card's plate is charged like any other", async () => {
    const p = plate();
    const id = (await open({ plateNos: [p], startDate: addDays(TODAY, -1) })).body.data.id;
    expect((await calc(p)).body.data.dueCents, 'pending: not yet a card').toBeGreaterThan(0);
    await act(id, 'Pay', { channel: 1 });
    const covered = (await calc(p)).body.data;
    expect(covered.dueCents).toBe(0);
    expect(covered.lines).toEqual([expect.objectContaining({ kind: 'card', feeCents: 0 })]);
    await act(id, 'Freeze', { reason: '报停' });
    expect((await calc(p)).body.data.dueCents).toBeGreaterThan(0);
  });

  it('five concurrent cards for one plate in one lot: exactly one is opened', async () => {
    const p = plate();
    const results = await Promise.all(Array.from({ length: 5 }, () => open({ plateNos: [p] })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 400).every((r) => /已在本停车场的月卡/.test(r.body.msg))).toBe(true);
    const { rows } = await db.query('select 1 from month_card where $1 = any(plate_nos)', [p]);
    expect(rows).toHaveLength(1);
  });
});
