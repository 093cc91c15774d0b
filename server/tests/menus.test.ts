import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../services/menu-tree.ts';
import { call, withTestServer } from './helpers.ts';

let app: FastifyInstance;
let db: Db;
let admin: string;
let operator: string;
withTestServer((s) => ({ app, db, admin, operator } = s));

const flat = (tree: MenuItem[]): MenuItem[] => tree.flatMap((m) => [m, ...flat(m.children)]);
const me = async (token: string): Promise<{ menus: string[]; buttons: string[] }> => {
  const { data } = (await call(app, 'GET', '/api/oauth/CurrentUser', { token })).body;
  return { menus: flat(data.menuList).map((m) => m.enCode), buttons: data.buttonList };
};

describe('menu management', () => {
  it('lists the whole tree with buttons', async () => {
    const res = await call(app, 'GET', '/api/system/Menu', { token: admin });
    expect(res.body.code).toBe(200);
    const all = flat(res.body.data.list);
    expect(all.length).toBeGreaterThan(40);
    expect(all.find((m) => m.enCode === 'parkingAdmin')?.buttons?.map((b) => b.enCode)).toEqual([
      'parking:add',
      'parking:edit',
      'parking:delete',
      'parking:export',
      'parking:qrcode',
    ]);
  });

  it('creates a page under a directory, grants it to admin, edits and deletes it', async () => {
    const body = {
      parentId: 'm-parking',
      fullName: '巡检记录',
      enCode: 'parkingPatrol',
      icon: 'list',
      type: 2,
      urlAddress: 'parking/parkingPatrol',
      sortCode: 50,
      buttons: [{ fullName: '新增', enCode: 'patrol:add' }],
    };
    const res = await call(app, 'POST', '/api/system/Menu', { token: admin, json: body });
    expect(res.body).toMatchObject({ code: 200, msg: '新建成功' });
    const id = res.body.data.id as string;
    let mine = await me(admin);
    expect(mine.menus).toContain('parkingPatrol');
    expect(mine.buttons).toContain('patrol:add');

    expect((await call(app, 'POST', '/api/system/Menu', { token: admin, json: body })).body).toMatchObject({
      code: 400,
      msg: '菜单编码已存在',
    });

    const upd = await call(app, 'PUT', `/api/system/Menu/${id}`, {
      token: admin,
      json: { fullName: '巡检台账', buttons: [{ fullName: '导出', enCode: 'patrol:export' }] },
    });
    expect(upd.body.code).toBe(200);
    mine = await me(admin);
    expect(mine.buttons).toContain('patrol:export');
    expect(mine.buttons).not.toContain('patrol:add');

    // operator does not see it until granted
    expect((await me(operator)).menus).not.toContain('parkingPatrol');
    const grant = await call(app, 'POST', '/api/system/Role/r-operator/Menus', {
      token: admin,
      json: { menuIds: [id], buttonCodes: ['patrol:export'] },
    });
    expect(grant.body.code).toBe(200);
    const op = await me(operator);
    expect(op.menus).toContain('parkingPatrol');
    expect(op.buttons).toContain('patrol:export');

    expect((await call(app, 'DELETE', '/api/system/Menu/m-parking', { token: admin })).body).toMatchObject({
      code: 400,
      msg: '请先删除下级菜单',
    });
    expect((await call(app, 'DELETE', `/api/system/Menu/${id}`, { token: admin })).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await me(operator)).buttons).not.toContain('patrol:export');
    const log = await db.query<{ action: string }>(`select action from oper_log where module = 'menu' and record_id = $1 order by id`, [
      id,
    ]);
    expect(log.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('validates menu input', async () => {
    const base = { fullName: '外链', enCode: 'extLink', type: 7, urlAddress: 'https://example.com', parentId: 'm-tools' };
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '' }, '菜单名称不能为空'],
      [{ enCode: '1abc' }, '菜单编码只能包含字母、数字或下划线，以字母开头，2-50位'],
      [{ type: 3 }, '菜单类型只能是1（目录）、2（页面）或7（外链）'],
      [{ urlAddress: '' }, '页面地址不能为空'],
      [{ parentId: 'm-none' }, '上级菜单不存在'],
      [{ parentId: 'm-user' }, '上级菜单必须是目录'],
      [{ linkTarget: '_top' }, '打开方式只能是_self（当前窗口）或_blank（新窗口）'],
      [{ propertyJson: '[1]' }, '扩展属性必须是JSON对象字符串'],
      [{ buttons: [{ fullName: 'x', enCode: 'nocolon' }] }, '按钮编码格式应为 实体:操作，例如 parking:add（nocolon）'],
      [{ buttons: [{ fullName: 'x', enCode: 'parking:add' }] }, '按钮编码已存在: parking:add'],
    ];
    const before = (await db.query('select 1 from menus')).rows.length;
    for (const [patch, msg] of cases) {
      const res = await call(app, 'POST', '/api/system/Menu', { token: admin, json: { ...base, ...patch } });
      expect(res.body, msg).toEqual({ code: 400, msg, data: null });
    }
    expect((await db.query('select 1 from menus')).rows.length).toBe(before);
    const cycle = await call(app, 'PUT', '/api/system/Menu/m-parking', { token: admin, json: { parentId: 'm-parking' } });
    expect(cycle.body.msg).toBe('上级菜单不能是自身或其下级');
  });

  it('serves the API docs page publicly', async () => {
    const res = await app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/api/system/Parking');
  });

  it('guards menu and role endpoints', async () => {
    expect((await call(app, 'GET', '/api/system/Menu', { token: operator })).status).toBe(403);
    expect((await call(app, 'POST', '/api/system/Menu', { token: operator, json: {} })).status).toBe(403);
    expect((await call(app, 'POST', '/api/system/Role/r-operator/Menus', { token: operator, json: { menuIds: ['m-user'] } })).status).toBe(
      403,
    );
    const bad = await call(app, 'POST', '/api/system/Role/r-operator/Menus', { token: admin, json: { menuIds: ['m-nope'] } });
    expect(bad.body).toMatchObject({ code: 400, msg: '菜单不存在: m-nope' });
    expect((await call(app, 'POST', '/api/system/Role/r-none/Menus', { token: admin, json: {} })).body.code).toBe(404);
  });
});
