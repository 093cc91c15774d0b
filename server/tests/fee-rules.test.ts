import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { RULE_A } from '../fees/sample-rules.ts';
import { call, withTestServer } from './helpers.ts';

let app: FastifyInstance;
let db: Db;
let admin = '';
let operator = '';
withTestServer((s) => ({ app, db, admin, operator } = s));

const { ruleId: _i, version: _v, ruleName: _n, ...bodyA } = RULE_A;
const P = '/api/fee/FeeRule';
const count = async (table: string) => (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n;
const create = async (name: string, patch: object = {}) => {
  const res = await call(app, 'POST', P, { token: admin, json: { ruleName: name, ...bodyA, ...patch } });
  expect(res.body).toMatchObject({ code: 200 });
  return res.body.data.id as string;
};

describe('fee rules (计费规则)', () => {
  it('lists the seeded rules with their preview sentence and bound lots', async () => {
    const { list } = (await call(app, 'GET', `${P}?keyword=道闸车场白天夜间`, { token: admin })).body.data;
    expect(list[0]).toMatchObject({ ruleName: '道闸车场白天夜间（小型车）', version: 1, freeMinutes: 30 });
    expect(list[0].preview).toContain('白天 07:00–19:00 每30分钟1.50元，封顶15.00元');
    expect(list[0].bindingCount).toBeGreaterThan(0);
    const lots = await db.query<{ fee_rules: unknown[] }>(`select fee_rules from parking where type = 0 and price_type <> 3`);
    expect(lots.rows.every((r) => r.fee_rules.length === 0)).toBe(true); // roadside rule is for every colour, not per colour
  });

  it('edits an unbound rule in place and writes a new version once the rule is bound', async () => {
    const id = await create('版本测试规则');
    await call(app, 'PUT', `${P}/${id}`, { token: admin, json: { freeMinutes: 20 } });
    expect((await call(app, 'GET', `${P}/${id}`, { token: admin })).body.data).toMatchObject({ version: 1, freeMinutes: 20 });
    const bind = await call(app, 'POST', `${P}/${id}/Bindings`, { token: admin, json: { parkingIds: ['p-ns-hac-02'], plateColors: [5] } });
    expect(bind.body).toMatchObject({ code: 200, data: { count: 1 } });
    await call(app, 'PUT', `${P}/${id}`, { token: admin, json: { freeMinutes: 10 } });
    expect((await call(app, 'GET', `${P}/${id}`, { token: admin })).body.data).toMatchObject({ version: 2, freeMinutes: 10 });
    const versions = (await call(app, 'GET', `${P}/${id}/Versions`, { token: admin })).body.data.list;
    expect(versions.map((v: { version: number; body: { freeMinutes: number } }) => [v.version, v.body.freeMinutes])).toEqual([
      [2, 10],
      [1, 20],
    ]);
    // the lot form shows its per-colour binding
    const lot = (await call(app, 'GET', '/api/system/Parking/p-ns-hac-02', { token: admin })).body.data;
    expect(lot.feeRules).toContainEqual({ plateColor: 5, ruleId: id, ruleName: '版本测试规则' });
  });

  it("turns the lot form's per-colour rules into bindings the calculator uses", async () => {
    const put = (feeRules: unknown) => call(app, 'PUT', '/api/system/Parking/p-ns-kjy-01', { token: admin, json: { feeRules } });
    expect((await put([{ plateColor: 2, ruleId: 'fr-large-vehicle', ruleName: '大型车（黄牌）' }])).body.code).toBe(200);
    const { list } = (await call(app, 'GET', '/api/fee/FeeRuleBinding?parkingId=p-ns-kjy-01', { token: admin })).body.data;
    expect(list).toContainEqual(expect.objectContaining({ plateColor: 2, carClass: null, ruleId: 'fr-large-vehicle' }));
    const bill = await call(app, 'POST', '/api/fee/Calculate', {
      token: admin,
      json: { parkingId: 'p-ns-kjy-01', plateColor: 2, entryTime: '2024-05-06 10:00:00', exitTime: '2024-05-06 11:00:00' },
    });
    expect(bill.body.data).toMatchObject({ ruleId: 'fr-large-vehicle', totalCents: 600 });
    expect((await put([{ plateColor: 2, ruleId: 'fr-nope', ruleName: 'x' }])).body.msg).toBe('收费规则不存在：x');
  });

  it('prices an old version the same after the rule is edited', async () => {
    const id = await create('历史版本规则');
    await call(app, 'POST', `${P}/${id}/Bindings`, { token: admin, json: { parkingIds: ['p-ns-hac-02'], plateColors: [1] } });
    const calc = async (version?: number) =>
      (
        await call(app, 'POST', '/api/fee/Calculate', {
          token: admin,
          json: { ruleId: id, version, entryTime: '2024-05-06 10:00:00', exitTime: '2024-05-06 11:01:00' },
        })
      ).body.data;
    expect((await calc()).totalCents).toBe(450);
    await call(app, 'PUT', `${P}/${id}`, {
      token: admin,
      json: { windows: [{ ...bodyA.windows[0], unitPriceCents: 200 }, bodyA.windows[1]] },
    });
    expect(await calc()).toMatchObject({ version: 2, totalCents: 600 });
    expect(await calc(1)).toMatchObject({ version: 1, totalCents: 450 });
  });

  it('an enable/disable does not make a version', async () => {
    const id = await create('启停测试规则');
    await call(app, 'POST', `${P}/${id}/Bindings`, { token: admin, json: { parkingIds: ['p-ns-hac-02'], plateColors: [4] } });
    expect((await call(app, 'PUT', `${P}/${id}/Actions/State`, { token: admin, json: { enabledMark: 0 } })).body.msg).toBe('已停用');
    expect((await call(app, 'GET', `${P}/${id}`, { token: admin })).body.data).toMatchObject({ version: 1, enabledMark: 0 });
  });

  it('copies a rule as a new disabled rule of one version', async () => {
    const res = await call(app, 'POST', `${P}/fr-mall-hourly/Actions/Copy`, { token: admin, json: {} });
    expect(res.body.msg).toBe('复制成功，新规则为停用状态');
    const copy = (await call(app, 'GET', `${P}/${res.body.data.id}`, { token: admin })).body.data;
    expect(copy).toMatchObject({ ruleName: '商业综合体按小时计费（复制）', enabledMark: 0, version: 1, cap24Cents: [6000] });
  });

  it('refuses to delete a bound rule', async () => {
    const res = await call(app, 'DELETE', `${P}/fr-mall-hourly`, { token: admin });
    expect(res.body).toMatchObject({ code: 400, msg: '计费规则已绑定停车场，请先解除绑定再删除' });
  });

  it.each([
    [{ ruleName: '' }, '规则名称不能为空'],
    [{ ruleName: '商业综合体按小时计费' }, '规则名称已存在'],
    [{ vehicleType: 9 }, '车型只能是1（小型车）、2（大型车）、3（超大型车）、4（中型车）或5（电动自行车）'],
    [{ freeMinutes: 'abc' }, '免费时长必须是0到1440之间的整数（分钟）'],
    [{ graceMinutes: -1 }, '缴费后离场时限必须是0到1440之间的整数（分钟）'],
    [
      { windows: [{ ...bodyA.windows[0], unitPriceCents: -1 }, bodyA.windows[1]] },
      '第1条计费时段单位价格必须在0到1000元之间（以分为单位的整数）',
    ],
    [{ windows: [{ ...bodyA.windows[0], end: '20:00' }, bodyA.windows[1]] }, '计费时段有重复：白天与夜间在19:00–20:00重叠'],
    [{ windows: [bodyA.windows[0]] }, '计费时段未覆盖全天：19:00–07:00没有计费时段'],
  ])('refuses %j with a clear message and writes nothing', async (patch, msg) => {
    const [rules, versions] = [await count('fee_rule'), await count('fee_rule_version')];
    const res = await call(app, 'POST', P, { token: admin, json: { ruleName: '校验测试', ...bodyA, ...patch } });
    expect(res.body).toMatchObject({ code: 400, msg });
    expect([await count('fee_rule'), await count('fee_rule_version')]).toEqual([rules, versions]);
  });

  it('refuses a bad edit and keeps the stored body and version', async () => {
    const res = await call(app, 'PUT', `${P}/fr-gate-daynight`, { token: admin, json: { windows: [bodyA.windows[0]] } });
    expect(res.body).toMatchObject({ code: 400, msg: '计费时段未覆盖全天：19:00–07:00没有计费时段' });
    expect((await call(app, 'GET', `${P}/fr-gate-daynight`, { token: admin })).body.data).toMatchObject({
      version: 1,
      windows: bodyA.windows,
    });
  });
});

describe('fee rule permissions', () => {
  it.each([
    ['POST', P, { ruleName: 'x', ...bodyA }],
    ['PUT', `${P}/fr-mall-hourly`, { freeMinutes: 1 }],
    ['DELETE', `${P}/fr-free`, undefined],
    ['POST', `${P}/fr-mall-hourly/Actions/Copy`, {}],
    ['PUT', `${P}/fr-mall-hourly/Actions/State`, { enabledMark: 0 }],
    ['POST', `${P}/fr-mall-hourly/Bindings`, { parkingIds: ['p-ns-hac-02'] }],
    ['DELETE', '/api/fee/FeeRuleBinding/x', undefined],
    ['POST', '/api/fee/Calculate', { ruleId: 'fr-mall-hourly', entryTime: '2024-05-06 10:00:00' }],
  ])('%s %s without its button answers 403 and changes nothing', async (method, url, json) => {
    const before = (await db.query('select id, version, enabled_mark, body from fee_rule order by id')).rows;
    const res = await call(app, method as 'POST', url, { token: operator, ...(json ? { json } : {}) });
    expect(res.body.code).toBe(403);
    expect((await db.query('select id, version, enabled_mark, body from fee_rule order by id')).rows).toEqual(before);
  });
});

describe('fee calculator (计费试算)', () => {
  const calc = (json: object) => call(app, 'POST', '/api/fee/Calculate', { token: admin, json });

  it('prices the seeded mall rule across midnight as one first hour and says which tariff priced each piece', async () => {
    const mall = await calc({ ruleId: 'fr-mall-hourly', entryTime: '2024-05-06 23:30:00', exitTime: '2024-05-07 00:30:00' });
    expect(mall.body.data).toMatchObject({ totalCents: 500, lines: [{ units: 1, feeCents: 500, calendar: null }] });
    const roadside = await calc({ ruleId: 'fr-roadside-1', entryTime: '2024-05-17 19:00:00', exitTime: '2024-05-18 11:00:00' });
    const charged = roadside.body.data.lines.filter((l: { feeCents: number }) => l.feeCents > 0);
    expect(charged.map((l: { calendar: string }) => l.calendar)).toEqual(['working', 'working', 'nonWorking']);
  });

  it('prices with the rule bound to a lot and names the rule and version', async () => {
    const lot = (await db.query<{ id: string }>(`select id from parking where type = 1 and price_type = 1 order by id limit 1`)).rows[0].id;
    const res = await calc({
      parkingId: lot,
      plateColor: 5,
      carClass: 1,
      entryTime: '2024-05-06 18:50:00',
      exitTime: '2024-05-07 07:20:00',
    });
    expect(res.body.data).toMatchObject({ ruleId: 'fr-gate-daynight', version: 1, totalCents: 800, dueCents: 800, source: 'lot' });
    expect(res.body.data.lines.map((l: { piece: string; feeCents: number }) => [l.piece, l.feeCents])).toEqual([
      ['白天', 150],
      ['夜间', 500],
      ['白天', 150],
    ]);
  });

  it('prices an unsaved rule body with coupons', async () => {
    const res = await calc({
      rule: bodyA,
      entryTime: '2024-05-06 08:00:00',
      exitTime: '2024-05-06 12:00:00',
      coupons: [{ kind: 'amount', cents: 200 }],
    });
    expect(res.body.data).toMatchObject({ ruleId: null, totalCents: 1200, discountCents: 200, dueCents: 1000, source: 'body' });
  });

  it.each([
    [{ rule: { ...bodyA, windows: [bodyA.windows[0]] } }, '计费时段未覆盖全天：19:00–07:00没有计费时段'],
    [{ rule: { ...bodyA, freeMinutes: -5 } }, '免费时长必须是0到1440之间的整数（分钟）'],
    [{ rule: bodyA, entryTime: '昨天' }, '入场时间格式不正确，应为YYYY-MM-DD HH:mm:ss'],
    [{ rule: bodyA, exitTime: '2024-05-06 07:00:00' }, '出场时间不能早于入场时间'],
    [{}, '请选择停车场或计费规则'],
    [{ parkingId: 'p-ns-hac-02', plateColor: 9 }, '车牌颜色只能是1（白）、2（黄）、3（绿）、4（黑）或5（蓝）'],
    [{ rule: bodyA, entryTime: '2024-02-30 10:00' }, '入场时间有误：没有2024-02-30这一天'],
    [{ rule: bodyA, exitTime: '2024-05-06 25:00:00' }, '出场时间有误：25:00:00不是一天中的时刻'],
    [{ rule: bodyA, coupons: [{ kind: 'minutes' }] }, '第1张优惠券（减时长）须填写减免时长minutes（分钟）'],
    [{ rule: bodyA, coupons: [{ kind: 'free' }, { kind: 'amount' }] }, '第2张优惠券（减金额）须填写减免金额cents（分）'],
    [{ parkingId: 'p-nope' }, '停车场不存在：p-nope'],
  ])('refuses %j naming the field', async (patch, msg) => {
    const res = await calc({ entryTime: '2024-05-06 08:00:00', exitTime: '2024-05-06 12:00:00', ...patch });
    expect(res.body).toMatchObject({ code: 400, msg });
  });
});
