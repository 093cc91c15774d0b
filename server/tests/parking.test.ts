import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, withTestServer } from './helpers.ts';

let app: FastifyInstance;
let db: Db;
let admin: string;
let operator: string;
withTestServer((s) => ({ app, db, admin, operator } = s));

const count = async (): Promise<number> => (await db.query<{ n: number }>('select count(*)::int as n from parking')).rows[0].n;

const valid = {
  parkingCode: 'T-NEW-01',
  parkingName: '测试新建停车场',
  type: 1,
  roadType: 2,
  parkingKind: 2,
  regionCode: '440305',
  regionName: '南山区',
  street: '粤海街道',
  address: '科技南十二路2号',
  lng: 113.9512,
  lat: 22.5301,
  totalSpaces: 100,
  tempSpaces: 60,
  rentalSpaces: 40,
  chargingSpaces: 10,
  priceType: 2,
  openTime: '07:00',
  closeTime: '23:00',
  contactName: '张三',
  contactPhone: '13800001111',
  description: '测试',
  unknownField: 'ignored',
};

describe('parking list', () => {
  it('pages with defaults and reports the total', async () => {
    const res = await call(app, 'GET', '/api/system/Parking', { token: admin });
    expect(res.body.code).toBe(200);
    const { list, pagination } = res.body.data;
    expect(list).toHaveLength(10);
    expect(pagination).toEqual({ currentPage: 1, pageSize: 10, total: 15 });
    expect(typeof list[0].createTime).toBe('number');
    expect(typeof list[0].lng).toBe('number');
    const page2 = (await call(app, 'GET', '/api/system/Parking?currentPage=2&pageSize=10', { token: admin })).body.data;
    expect(page2.list).toHaveLength(5);
    const ids = new Set([...list, ...page2.list].map((p: { id: string }) => p.id));
    expect(ids.size).toBe(15);
  });

  it('filters by keyword, region, road type, type and enabled mark', async () => {
    const q = async (
      qs: string,
    ): Promise<{ parkingCode: string; regionCode: string; roadType: number; type: number; enabledMark: number }[]> => {
      const res = await call(app, 'GET', `/api/system/Parking?pageSize=1000&${qs}`, { token: admin });
      expect(res.body.code).toBe(200);
      return res.body.data.list;
    };
    expect((await q('keyword=海岸城')).map((p) => p.parkingCode)).toEqual(['NS-HAC-02']);
    expect(await q('keyword=ns-')).toHaveLength(5);
    expect((await q('regionCode=440303')).every((p) => p.regionCode === '440303')).toBe(true);
    expect(await q('regionCode=440303')).toHaveLength(5);
    expect((await q('roadType=1')).every((p) => p.roadType === 1)).toBe(true);
    expect((await q('type=4')).map((p) => p.parkingCode).sort()).toEqual(['LH-CD-05', 'NS-CD-05']);
    expect(await q('enabledMark=0')).toHaveLength(2);
    expect(await q('enabledmark=1')).toHaveLength(13);
    expect(await q('type=0&enabledmark=1')).toHaveLength(4);
    expect(await q('type=&roadType=null&keyword=')).toHaveLength(15);
  });

  it('rejects invalid filters', async () => {
    for (const [qs, msg] of [
      ['type=abc', '停车场类型筛选值不正确'],
      ['roadType=1.5', '道路类型筛选值不正确'],
      ['enabledmark=x', '启用状态筛选值不正确'],
      ['pageSize=1001', '每页条数必须是1到1000之间的整数'],
      ['currentPage=0', '当前页码必须是正整数'],
    ]) {
      const res = await call(app, 'GET', `/api/system/Parking?${qs}`, { token: admin });
      expect(res.body).toMatchObject({ code: 400, msg });
    }
  });

  it('is readable by the operator (lookup) but needs a token', async () => {
    expect((await call(app, 'GET', '/api/system/Parking', { token: operator })).body.code).toBe(200);
    expect((await call(app, 'GET', '/api/system/Parking')).body.code).toBe(600);
  });
});

describe('parking create / get / update / delete', () => {
  it('runs the whole life cycle and logs each change', async () => {
    const created = await call(app, 'POST', '/api/system/Parking', { token: admin, json: valid });
    expect(created.body).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.body.data.id as string;

    let got = await call(app, 'GET', `/api/system/Parking/${id}`, { token: admin });
    const { unknownField: _u, ...known } = valid;
    expect(got.body.data).toMatchObject({ ...known, id, enabledMark: 1, sortCode: 0, lastModifyTime: null });
    expect(got.body.data).not.toHaveProperty('unknownField');

    const upd = await call(app, 'PUT', `/api/system/Parking/${id}`, {
      token: admin,
      form: { parkingName: '改名后的停车场', enabledMark: '0', totalSpaces: '120' },
    });
    expect(upd.body).toMatchObject({ code: 200, msg: '修改成功' });
    got = await call(app, 'GET', `/api/system/Parking/${id}`, { token: admin });
    expect(got.body.data).toMatchObject({ parkingName: '改名后的停车场', enabledMark: 0, totalSpaces: 120, parkingCode: 'T-NEW-01' });
    expect(typeof got.body.data.lastModifyTime).toBe('number');

    const del = await call(app, 'DELETE', `/api/system/Parking/${id}`, { token: admin });
    expect(del.body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call(app, 'GET', `/api/system/Parking/${id}`, { token: admin })).body).toMatchObject({ code: 404, msg: '记录不存在' });
    expect((await call(app, 'DELETE', `/api/system/Parking/${id}`, { token: admin })).body.code).toBe(404);
    expect((await call(app, 'PUT', `/api/system/Parking/${id}`, { token: admin, json: valid })).body.code).toBe(404);

    const log = await db.query<{ action: string }>('select action from oper_log where module = $1 and record_id = $2 order by id', [
      'parking',
      id,
    ]);
    expect(log.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('accepts a form-encoded create', async () => {
    const form = Object.fromEntries(Object.entries({ ...valid, parkingCode: 'T-FORM-01' }).map(([k, v]) => [k, String(v)]));
    const res = await call(app, 'POST', '/api/system/Parking', { token: admin, form });
    expect(res.body.code).toBe(200);
    const got = await call(app, 'GET', `/api/system/Parking/${res.body.data.id}`, { token: admin });
    expect(got.body.data).toMatchObject({ type: 1, lng: 113.9512, totalSpaces: 100 });
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['missing name', { parkingName: '' }, '停车场名称不能为空'],
    ['long name', { parkingName: '停'.repeat(51) }, '停车场名称不能超过50个字符'],
    ['missing code', { parkingCode: undefined }, '停车场编号不能为空'],
    ['bad code', { parkingCode: '中文编号' }, '停车场编号只能包含字母、数字、下划线或短横线，2-32位'],
    ['short code', { parkingCode: 'A' }, '停车场编号只能包含字母、数字、下划线或短横线，2-32位'],
    ['duplicate code', { parkingCode: 'FT-SNZL-01' }, '停车场编号已存在'],
    ['bad type', { type: 2 }, '停车场类型只能是0（路侧泊位）、1（道闸车场）或4（充电站）'],
    ['missing type', { type: null }, '停车场类型不能为空'],
    ['bad road type', { roadType: 3 }, '道路类型只能是1（路内）或2（路外）'],
    ['bad kind', { parkingKind: 9 }, '停车场性质只能是1（地面）、2（地下）或3（路侧）'],
    ['bad lng', { lng: 181 }, '经度必须是-180到180之间的数字'],
    ['bad lat', { lat: 'north' }, '纬度必须是-90到90之间的数字'],
    ['negative total', { totalSpaces: -1 }, '总车位数必须是非负整数'],
    ['fractional temp', { tempSpaces: 1.5 }, '临时车位数必须是非负整数'],
    ['too many spaces', { tempSpaces: 80, rentalSpaces: 40 }, '临时车位与长租车位之和不能超过总车位数'],
    ['bad phone', { contactPhone: '12345678901' }, '请输入正确的电话号码'],
    ['bad open time', { openTime: '25:00' }, '开放时间格式不正确，应为HH:mm'],
    ['bad close time', { closeTime: '7:00' }, '关闭时间格式不正确，应为HH:mm'],
    ['bad enabled mark', { enabledMark: 2 }, '启用状态只能是0（停用）或1（启用）'],
    ['bad price type', { priceType: 5 }, '收费类型只能是1（政府指导价）、2（市场调节价）或3（免费）'],
  ];

  it.each(cases)('create rejects %s without writing anything', async (_name, patch, msg) => {
    const before = await count();
    const logBefore = (await db.query('select 1 from oper_log')).rows.length;
    const res = await call(app, 'POST', '/api/system/Parking', { token: admin, json: { ...valid, parkingCode: 'T-BAD-01', ...patch } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 400, msg, data: null });
    expect(await count()).toBe(before);
    expect((await db.query('select 1 from oper_log')).rows.length).toBe(logBefore);
  });

  it('update validates the merged record and leaves it untouched on error', async () => {
    const id = 'p-ft-cgm-03';
    const before = (await call(app, 'GET', `/api/system/Parking/${id}`, { token: admin })).body.data;
    for (const [patch, msg] of [
      [{ parkingCode: 'NS-KJY-01' }, '停车场编号已存在'],
      [{ rentalSpaces: 10_000 }, '临时车位与长租车位之和不能超过总车位数'],
      [{ parkingName: '  ' }, '停车场名称不能为空'],
    ] as const) {
      const res = await call(app, 'PUT', `/api/system/Parking/${id}`, { token: admin, json: patch });
      expect(res.body).toMatchObject({ code: 400, msg });
    }
    const after = (await call(app, 'GET', `/api/system/Parking/${id}`, { token: admin })).body.data;
    expect(after).toEqual(before);
    // keeping its own code is fine
    expect(
      (await call(app, 'PUT', `/api/system/Parking/${id}`, { token: admin, json: { parkingCode: before.parkingCode } })).body.code,
    ).toBe(200);
  });

  it('operator may edit but not create or delete (HTTP 403)', async () => {
    const before = await count();
    const post = await call(app, 'POST', '/api/system/Parking', { token: operator, json: { ...valid, parkingCode: 'T-OP-01' } });
    expect(post.status).toBe(403);
    expect(post.body).toEqual({ code: 403, msg: '没有权限访问该资源', data: null });
    const del = await call(app, 'DELETE', '/api/system/Parking/p-ft-hqb-02', { token: operator });
    expect(del.status).toBe(403);
    expect(await count()).toBe(before);
    const put = await call(app, 'PUT', '/api/system/Parking/p-ft-hqb-02', { token: operator, json: { description: '值班备注' } });
    expect(put.body.code).toBe(200);
  });
});
