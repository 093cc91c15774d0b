import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../lib/password.ts';
import type { MenuItem } from '../services/menu-tree.ts';
import { call, login, loginForm, withTestServer } from './helpers.ts';

let app: FastifyInstance;
let db: Db;
let admin: string;
withTestServer((s) => ({ app, db, admin } = s));

const flat = (tree: MenuItem[]): MenuItem[] => tree.flatMap((m) => [m, ...flat(m.children)]);
const me = async (token: string) => {
  const { data } = (await call(app, 'GET', '/api/oauth/CurrentUser', { token })).body;
  return {
    menus: flat(data.menuList)
      .map((m) => m.enCode)
      .sort(),
    buttons: data.buttonList as string[],
  };
};

describe('roles and grants', () => {
  it('a user gets the union of their enabled roles; grants are replaced, not added', async () => {
    const a = await call(app, 'POST', '/api/system/Role', {
      token: admin,
      json: { fullName: '字典维护', enCode: 'dictKeeper', grants: 'button:b-dict:edit' },
    });
    const b = await call(app, 'POST', '/api/system/Role', {
      token: admin,
      json: { fullName: '日志查看', enCode: 'logViewer', menuIds: ['m-operLog'] },
    });
    expect(a.body.code).toBe(200);
    const [ra, rb] = [a.body.data.id, b.body.data.id];
    await call(app, 'POST', '/api/system/Permission/Users', {
      token: admin,
      json: { account: 'both', realName: '两角色', roleIds: [ra, rb], userPassword: md5Hex('pw'), validatePassword: md5Hex('pw') },
    });
    const token = await login(app, 'both', 'pw');
    expect(await me(token)).toEqual({ menus: ['dict', 'operLog', 'system'], buttons: ['dict:edit'] });

    const grants = await call(app, 'GET', `/api/system/Role/${ra}/Menus`, { token: admin });
    expect(grants.body.data).toMatchObject({ menuIds: ['m-dict'], buttonIds: ['b-dict:edit'], grants: 'menu:m-dict,button:b-dict:edit' });
    const put = await call(app, 'PUT', `/api/system/Role/${ra}/Menus`, { token: admin, json: { grants: 'menu:m-loginLog' } });
    expect(put.body.code).toBe(200);
    expect(await me(token)).toEqual({ menus: ['loginLog', 'operLog', 'system'], buttons: [] });

    // a disabled role grants nothing
    expect((await call(app, 'PUT', `/api/system/Role/${rb}`, { token: admin, json: { status: 0 } })).body.code).toBe(200);
    expect((await me(token)).menus).toEqual(['loginLog', 'system']);
    const log = await db.query<{ action: string }>(`select action from oper_log where module = 'role' and record_id = $1 order by id`, [
      rb,
    ]);
    expect(log.rows.map((r) => r.action)).toEqual(['create', 'status']);

    expect((await call(app, 'DELETE', `/api/system/Role/${ra}`, { token: admin })).body.code).toBe(200);
    expect((await me(token)).menus).toEqual([]);
  });

  it('lists roles, offers a grant tree, validates, protects the administrator role', async () => {
    const list = await call(app, 'GET', '/api/system/Role?currentPage=1&pageSize=10', { token: admin });
    expect(list.body.data.list.find((r: { id: string }) => r.id === 'r-admin')).toMatchObject({
      id: 'r-admin',
      enCode: 'admin',
      status: 1,
      userCount: 1,
    });
    const tree = await call(app, 'GET', '/api/system/Role/GrantTree', { token: admin });
    const system = tree.body.data.list.find((n: { value: string }) => n.value === 'menu:m-system');
    expect(system.children.find((n: { value: string }) => n.value === 'menu:m-user').children[0]).toEqual({
      label: '新增（user:add）',
      value: 'button:b-user:add',
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ enCode: 'x1' }, '角色名称不能为空'],
      [{ fullName: 'x' }, '角色编码不能为空'],
      [{ fullName: 'x', enCode: '9x' }, '角色编码只能包含字母、数字或下划线，以字母开头，2-50位'],
      [{ fullName: 'x', enCode: 'admin' }, '角色编码已存在'],
      [{ fullName: 'x', enCode: 'x1', grants: 'menu:m-none' }, '菜单不存在: m-none'],
      [{ fullName: 'x', enCode: 'x1', grants: 'm-user' }, '授权项格式不正确: m-user'],
      [{ fullName: 'x', enCode: 'x1', buttonCodes: ['no:such'] }, '按钮编码不存在: no:such'],
    ];
    for (const [json, msg] of cases) {
      expect((await call(app, 'POST', '/api/system/Role', { token: admin, json })).body, msg).toEqual({ code: 400, msg, data: null });
    }
    const adminGrants = await call(app, 'PUT', '/api/system/Role/r-admin/Menus', { token: admin, json: { grants: '' } });
    expect(adminGrants.body.msg).toBe('超级管理员角色拥有全部权限，不能修改授权');
  });
});

describe('logs', () => {
  it('records sign-ins (success and failure with reason) and searches them', async () => {
    await call(app, 'POST', '/api/oauth/Login', { form: loginForm('admin', 'wrong') });
    await login(app, 'admin', 'admin123');
    const failed = await call(app, 'GET', '/api/system/Log/login?account=admin&success=0', { token: admin });
    expect(failed.body.data.list[0]).toMatchObject({ account: 'admin', success: 0, reason: '账号或密码错误' });
    const ok = await call(app, 'GET', '/api/system/Log/login?account=admin&success=1&currentPage=1&pageSize=1', { token: admin });
    expect(ok.body.data.list).toHaveLength(1);
    expect(ok.body.data.pagination.total).toBeGreaterThan(1);
    const future = await call(app, 'GET', `/api/system/Log/login?startTime=${Date.now() + 60_000}`, { token: admin });
    expect(future.body.data.list).toEqual([]);
    expect((await call(app, 'GET', '/api/system/Log/login?startTime=yesterday', { token: admin })).body.msg).toBe('开始时间格式不正确');
  });

  it('searches the operation log by who, what and which record; exports it as CSV (and logs that)', async () => {
    const res = await call(app, 'GET', '/api/system/Log/oper?action=login&account=admin', { token: admin });
    expect(res.body.data.list[0]).toMatchObject({ account: 'admin', action: 'login', module: 'auth', recordId: 'u-admin' });
    expect(res.body.data.list[0].ip).not.toBe('');
    expect((await call(app, 'GET', '/api/system/Log/oper?action=drop', { token: admin })).body.msg).toBe(
      '操作类型只能是create（新增）、update（修改）、delete（删除）、status（状态变更）、export（导出）或login（登录）',
    );
    const csv = await app.inject({ url: '/api/system/Log/oper/Actions/Export?action=login', headers: { authorization: admin } });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFF时间,账号,操作,模块,记录,内容,IP');
    const exported = await call(app, 'GET', '/api/system/Log/oper?action=export', { token: admin });
    expect(exported.body.data.list[0]).toMatchObject({ module: 'oper_log', account: 'admin' });
  });
});
