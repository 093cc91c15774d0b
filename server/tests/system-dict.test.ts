import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, withTestServer } from './helpers.ts';

let app: FastifyInstance;
let db: Db;
let admin: string;
let operator: string;
withTestServer((s) => ({ app, db, admin, operator } = s));

const entries = async (name: string, token = operator) =>
  (await call(app, 'GET', `/api/dictDetail?dictName=${name}&page=0&size=9999`, { token })).body;

describe('dictionary entries (api/dictDetail)', () => {
  it('any signed-in user reads a dictionary sorted by dictSort', async () => {
    const body = await entries('space_type');
    expect(body.code).toBe(200);
    expect(body.data.list.map((e: { value: string; label: string }) => `${e.value}${e.label}`)).toEqual([
      '1临时',
      '2产权',
      '3长租',
      '4访客',
      '5充电',
      '6无障碍',
    ]);
    expect(body.data.list[0]).toMatchObject({ dictName: 'space_type', content: '', dictSort: 1 });
    expect(body.data.pagination.total).toBe(6);
    for (const name of [
      'road_type',
      'parking_type',
      'parking_kind',
      'price_type',
      'space_status',
      'lane_direction',
      'qr_type',
      'qr_status',
      'device_type',
      'plate_color',
      'order_status',
      'pay_channel',
      'car_class',
      'order_source',
      'charging_order_state',
      'charging_stop_reason',
      'charging_start_mode',
      'charging_pay_status',
      'station_type',
      'station_status',
      'park_fee_type',
      'equipment_type',
      'connector_type',
      'area_level',
      'non_member_policy',
      'menu_type',
      'gun_status',
      'price_tier',
      'price_task_status',
      'online_state',
      'login_result',
      'user_status',
      'enabled_mark',
    ]) {
      expect((await entries(name)).data.list.length, name).toBeGreaterThan(1);
    }
    expect((await call(app, 'GET', '/api/dictDetail?dictName=road_type')).body.code).toBe(600);
  });

  it('pages with a 0-based page', async () => {
    const body = (await call(app, 'GET', '/api/dictDetail?dictName=space_type&page=1&size=4', { token: operator })).body;
    expect(body.data.list.map((e: { value: string }) => e.value)).toEqual(['5', '6']);
  });

  it('adds, edits and deletes an entry; each is logged', async () => {
    const add = await call(app, 'POST', '/api/dictDetail', {
      token: admin,
      json: { dictName: 'pay_channel', label: '数字人民币', value: '6', dictSort: 99 },
    });
    expect(add.body).toMatchObject({ code: 200, msg: '新建成功' });
    const id = add.body.data.id as string;
    expect((await entries('pay_channel')).data.list.at(-1)).toMatchObject({ id, label: '数字人民币', value: '6' });

    const dup = await call(app, 'POST', '/api/dictDetail', { token: admin, json: { dictName: 'pay_channel', label: 'x', value: '6' } });
    expect(dup.body).toEqual({ code: 400, msg: '字典值已存在', data: null });

    const edit = await call(app, 'PUT', '/api/dictDetail', { token: admin, json: { id, label: '数币', content: '试点' } });
    expect(edit.body.code).toBe(200);
    expect((await entries('pay_channel')).data.list.at(-1)).toMatchObject({ id, label: '数币', content: '试点', value: '6' });

    expect((await call(app, 'DELETE', `/api/dictDetail/${id}`, { token: admin })).body.code).toBe(200);
    expect((await call(app, 'DELETE', `/api/dictDetail/${id}`, { token: admin })).body.code).toBe(404);
    const log = await db.query<{ action: string }>(`select action from oper_log where module = 'dict' and record_id = $1 order by id`, [
      id,
    ]);
    expect(log.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('validates entries', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ label: 'x', value: '1' }, '字典编码不能为空'],
      [{ dictName: 'nope', label: 'x', value: '1' }, '字典不存在'],
      [{ dictName: 'road_type', value: '9' }, '字典标签不能为空'],
      [{ dictName: 'road_type', label: 'x' }, '字典值不能为空'],
      [{ dictName: 'road_type', label: 'x', value: '9', dictSort: 'a' }, '排序必须是整数'],
    ];
    for (const [json, msg] of cases) {
      expect((await call(app, 'POST', '/api/dictDetail', { token: admin, json })).body, msg).toEqual({ code: 400, msg, data: null });
    }
    expect((await call(app, 'PUT', '/api/dictDetail', { token: admin, json: { label: 'x' } })).body.msg).toBe('字典项ID不能为空');
  });

  it('needs the dict buttons to write', async () => {
    expect((await call(app, 'POST', '/api/dictDetail', { token: operator, json: {} })).status).toBe(403);
    expect((await call(app, 'PUT', '/api/dictDetail', { token: operator, json: {} })).status).toBe(403);
    expect((await call(app, 'DELETE', '/api/dictDetail/dd-road_type-1', { token: operator })).status).toBe(403);
    expect((await call(app, 'GET', '/api/system/Dictionary', { token: operator })).status).toBe(403);
  });
});

describe('dictionaries (/api/system/Dictionary)', () => {
  it('creates, renames and deletes a dictionary with its entries', async () => {
    const add = await call(app, 'POST', '/api/system/Dictionary', { token: admin, json: { name: 'test_kind', fullName: '测试类型' } });
    expect(add.body.code).toBe(200);
    const id = add.body.data.id as string;
    expect((await call(app, 'POST', '/api/system/Dictionary', { token: admin, json: { name: 'test_kind', fullName: 'x' } })).body.msg).toBe(
      '字典编码已存在',
    );
    expect((await call(app, 'POST', '/api/system/Dictionary', { token: admin, json: { name: '1x', fullName: 'x' } })).body.msg).toBe(
      '字典编码只能包含字母、数字或下划线，以字母开头，2-50位',
    );
    await call(app, 'POST', '/api/dictDetail', { token: admin, json: { dictName: 'test_kind', label: '甲', value: 'a' } });
    const list = await call(app, 'GET', '/api/system/Dictionary?keyword=test_&currentPage=1&pageSize=10', { token: admin });
    expect(list.body.data.list).toEqual([{ id, name: 'test_kind', fullName: '测试类型', description: '', sortCode: 0 }]);

    expect((await call(app, 'PUT', `/api/system/Dictionary/${id}`, { token: admin, json: { name: 'test_kind2' } })).body.code).toBe(200);
    expect((await entries('test_kind2', admin)).data.list.map((e: { label: string }) => e.label)).toEqual(['甲']);
    expect((await call(app, 'DELETE', `/api/system/Dictionary/${id}`, { token: admin })).body.code).toBe(200);
    expect((await entries('test_kind2', admin)).data.list).toEqual([]);
  });
});
