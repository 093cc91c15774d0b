import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../lib/password.ts';
import { call, login, loginForm, withTestServer } from './helpers.ts';

let app: FastifyInstance;
let db: Db;
let admin: string;
withTestServer((s) => ({ app, db, admin } = s));

const pw = (p: string) => ({ userPassword: md5Hex(p), validatePassword: md5Hex(p) });
const U = '/api/system/Permission/Users';

async function createUser(account: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call(app, 'POST', U, {
    token: admin,
    json: { account, realName: `测试${account}`, roleIds: ['r-operator'], ...pw('secret1'), ...extra },
  });
  expect(res.body, res.body.msg).toMatchObject({ code: 200 });
  return res.body.data.id as string;
}

describe('users', () => {
  it('creates a user with roles and lots; lists with a masked phone; reads and edits it', async () => {
    const id = await createUser('zhang3', { phone: '13510236781', email: 'z@example.com', parkingIds: ['p-ft-snzl-01'] });
    const list = await call(app, 'GET', `${U}?currentPage=1&pageSize=10&keyword=zhang3`, { token: admin });
    expect(list.body.data.pagination.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({
      id,
      account: 'zhang3',
      phone: '13510236781',
      phoneMasked: '135****6781',
      status: 1,
      roleIds: ['r-operator'],
      parkingIds: ['p-ft-snzl-01'],
    });
    const byRole = await call(app, 'GET', `${U}?roleId=r-admin`, { token: admin });
    expect(byRole.body.data.list.map((u: { account: string }) => u.account)).toEqual(['admin']);

    const upd = await call(app, 'PUT', `${U}/${id}`, { token: admin, json: { realName: '张三', phone: '', parkingIds: [] } });
    expect(upd.body.code).toBe(200);
    const one = await call(app, 'GET', `${U}/${id}`, { token: admin });
    expect(one.body.data).toMatchObject({ realName: '张三', phone: '', parkingIds: [], roleIds: ['r-operator'], email: 'z@example.com' });

    const lots = await call(app, 'GET', `${U}/ParkingOptions`, { token: admin });
    expect(lots.body.data.list).toContainEqual({ id: 'p-ft-snzl-01', fullName: '深南中路路侧泊位' });
    const sel = await call(app, 'GET', `${U}/Selector`, { token: await login(app, 'operator', 'operator123') });
    expect(sel.body.data.list).toContainEqual({ id, fullName: '张三/zhang3' });
  });

  it('validates input with the form messages', async () => {
    const base = { account: 'valid1', realName: '甲', ...pw('x') };
    const cases: [Record<string, unknown>, string][] = [
      [{ account: '' }, '账号不能为空'],
      [{ account: 'a b' }, '账号只能包含字母、数字、下划线、点、@或短横线，2-50位'],
      [{ account: 'admin' }, '账号已存在'],
      [{ realName: '' }, '姓名不能为空'],
      [{ phone: '12345678901' }, '请输入正确的电话号码'],
      [{ phone: '1361234567' }, '请输入正确的电话号码'],
      [{ email: 'x@' }, '请输入正确的电子邮箱'],
      [{ status: 3 }, '启用状态只能是0（禁用）或1（启用）'],
      [{ roleIds: ['r-none'] }, '角色不存在: r-none'],
      [{ parkingIds: ['p-none'] }, '停车场不存在: p-none'],
      [{ userPassword: undefined }, '新密码不能为空'],
      [{ validatePassword: md5Hex('y') }, '两次输入的密码不一致'],
      [{ userPassword: 'plain', validatePassword: 'plain' }, '密码格式不正确'],
    ];
    for (const [patch, msg] of cases) {
      expect((await call(app, 'POST', U, { token: admin, json: { ...base, ...patch } })).body, msg).toEqual({ code: 400, msg, data: null });
    }
    expect((await db.query(`select 1 from users where account = 'valid1'`)).rows).toEqual([]);
  });

  it('a disabled user cannot sign in and their sessions end; enabling lets them back', async () => {
    const id = await createUser('li4');
    const token = await login(app, 'li4', 'secret1');
    expect((await call(app, 'GET', '/api/oauth/CurrentUser', { token })).body.code).toBe(200);
    const off = await call(app, 'POST', `${U}/updateStatus/${id}/0`, { token: admin });
    expect(off.body).toMatchObject({ code: 200, msg: '禁用成功' });
    expect((await call(app, 'GET', '/api/oauth/CurrentUser', { token })).body.code).toBe(600);
    expect((await db.query('select 1 from tokens where user_id = $1', [id])).rows).toEqual([]);
    const again = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('li4', 'secret1') });
    expect(again.body.msg).toBe('账号已被禁用，请联系管理员');
    const failed = await db.query<{ reason: string }>(`select reason from login_log where account = 'li4' and not success`);
    expect(failed.rows.map((r) => r.reason)).toContain('账号已被禁用，请联系管理员');
    expect((await call(app, 'POST', `${U}/updateStatus/${id}/1`, { token: admin })).body.msg).toBe('启用成功');
    await login(app, 'li4', 'secret1');
    expect((await call(app, 'POST', `${U}/updateStatus/${id}/2`, { token: admin })).body.msg).toBe('状态只能是0（禁用）或1（启用）');
  });

  it('resets a password: the old one stops working, the new one works, their sessions end', async () => {
    const id = await createUser('wang5');
    const token = await login(app, 'wang5', 'secret1');
    const bad = await call(app, 'POST', `${U}/${id}/Actions/ResetPassword`, {
      token: admin,
      json: { userPassword: md5Hex('a'), validatePassword: md5Hex('b') },
    });
    expect(bad.body.msg).toBe('两次输入的密码不一致');
    const res = await call(app, 'POST', `${U}/${id}/Actions/ResetPassword`, { token: admin, json: pw('newpass9') });
    expect(res.body).toMatchObject({ code: 200 });
    expect((await call(app, 'GET', '/api/oauth/CurrentUser', { token })).body.code).toBe(600);
    expect((await call(app, 'POST', '/api/oauth/Login', { form: loginForm('wang5', 'secret1') })).body.msg).toBe('账号或密码错误');
    await login(app, 'wang5', 'newpass9');
    const stored = await db.query<{ password_hash: string }>('select password_hash from users where id = $1', [id]);
    expect(stored.rows[0].password_hash).toMatch(/^scrypt\$/);
  });

  it("deletes a user and their sessions, never one's own account", async () => {
    const id = await createUser('zhao6');
    await login(app, 'zhao6', 'secret1');
    expect((await call(app, 'DELETE', `${U}/u-admin`, { token: admin })).body.msg).toBe('不能删除当前登录的账号');
    expect((await call(app, 'POST', `${U}/updateStatus/u-admin/0`, { token: admin })).body.msg).toBe('不能禁用当前登录的账号');
    expect((await call(app, 'DELETE', `${U}/${id}`, { token: admin })).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await db.query('select 1 from tokens where user_id = $1', [id])).rows).toEqual([]);
    expect((await call(app, 'DELETE', `${U}/${id}`, { token: admin })).body.code).toBe(404);
    const log = await db.query<{ action: string }>(`select action from oper_log where module = 'user' and record_id = $1 order by id`, [
      id,
    ]);
    expect(log.rows.map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('never deletes or disables the last enabled administrator', async () => {
    // a user manager who is not an administrator
    const role = await call(app, 'POST', '/api/system/Role', {
      token: admin,
      json: { fullName: '用户管理员', enCode: 'userMgr', menuIds: ['m-user'], buttonCodes: ['user:edit', 'user:delete', 'user:status'] },
    });
    expect(role.body.code).toBe(200);
    await createUser('mgr7', { roleIds: [role.body.data.id] });
    const mgr = await login(app, 'mgr7', 'secret1');
    expect((await call(app, 'DELETE', `${U}/u-admin`, { token: mgr })).body.msg).toBe('不能删除最后一个启用的管理员');
    expect((await call(app, 'POST', `${U}/updateStatus/u-admin/0`, { token: mgr })).body.msg).toBe('不能禁用最后一个启用的管理员');
    expect((await call(app, 'PUT', `${U}/u-admin`, { token: mgr, json: { roleIds: ['r-operator'] } })).body.msg).toBe(
      '至少保留一个启用的管理员',
    );
    expect((await call(app, 'PUT', `${U}/u-admin`, { token: mgr, json: { status: 0 } })).body.msg).toBe('至少保留一个启用的管理员');
    const still = await call(app, 'GET', `${U}/u-admin`, { token: admin });
    expect(still.body.data).toMatchObject({ status: 1, roleIds: ['r-admin'] });

    // with a second administrator either may go
    const second = await createUser('admin2', { roleIds: ['r-admin'] });
    expect((await call(app, 'POST', `${U}/updateStatus/${second}/0`, { token: mgr })).body.code).toBe(200);
    expect((await call(app, 'DELETE', `${U}/${second}`, { token: mgr })).body.code).toBe(200);

    expect((await call(app, 'PUT', '/api/system/Role/r-admin', { token: admin, json: { status: 0 } })).body.msg).toBe(
      '超级管理员角色的编码和状态不能修改',
    );
    expect((await call(app, 'DELETE', '/api/system/Role/r-admin', { token: admin })).body.msg).toBe('超级管理员角色不能删除');
  });
});
