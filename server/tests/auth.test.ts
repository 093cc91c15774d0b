import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../lib/password.ts';
import type { MenuItem } from '../services/menu-tree.ts';
import { buildTestApp, call, login, loginForm } from './helpers.ts';

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  ({ app, db } = await buildTestApp());
});
afterAll(async () => {
  await app.close();
});

const flat = (tree: MenuItem[]): MenuItem[] => tree.flatMap((m) => [m, ...flat(m.children)]);

describe('login', () => {
  it('signs in with the md5 of the password and records the attempt', async () => {
    const res = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('admin', 'admin123') });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.msg).toBe('登录成功');
    expect(res.body.data.token).toMatch(/^Bearer [0-9a-f]{64}$/);
    const hex = res.body.data.token.slice(7);
    const t = await db.query<{ days: number }>(
      `select round(extract(epoch from expires_at - created_at) / 86400)::int as days from tokens where token = $1`,
      [hex],
    );
    expect(t.rows[0].days).toBe(1);
    const log = await db.query<{ success: boolean }>(`select success from login_log where account = 'admin' order by id desc limit 1`);
    expect(log.rows[0].success).toBe(true);
    const oper = await db.query(`select 1 from oper_log where action = 'login' and account = 'admin'`);
    expect(oper.rows.length).toBeGreaterThan(0);
  });

  it('gives 7-day tokens with rememberMe', async () => {
    const res = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('operator', 'operator123', { rememberMe: 'true' }) });
    const t = await db.query<{ days: number }>(
      `select round(extract(epoch from expires_at - created_at) / 86400)::int as days from tokens where token = $1`,
      [res.body.data.token.slice(7)],
    );
    expect(t.rows[0].days).toBe(7);
  });

  it('also accepts a JSON body', async () => {
    const res = await call(app, 'POST', '/api/oauth/Login', { json: loginForm('admin', 'admin123') });
    expect(res.body.code).toBe(200);
  });

  it('rejects a wrong password or unknown account with the same message', async () => {
    for (const form of [loginForm('admin', 'wrong'), loginForm('nobody', 'x')]) {
      const res = await call(app, 'POST', '/api/oauth/Login', { form });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 400, msg: '账号或密码错误' });
    }
    await call(app, 'POST', '/api/oauth/Login', { form: loginForm('admin', 'admin123') }); // resets the counter
    const log = await db.query<{ reason: string }>(`select reason from login_log where account = 'nobody'`);
    expect(log.rows[0].reason).toBe('账号或密码错误');
  });

  it('rejects a disabled user', async () => {
    await db.query(
      `insert into users (id, account, real_name, status, password_hash)
       select 'u-off', 'disabled1', '停用用户', 0, password_hash from users where account = 'operator'`,
    );
    const res = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('disabled1', 'operator123') });
    expect(res.body).toMatchObject({ code: 400, msg: '账号已被禁用，请联系管理员' });
  });

  it('requires an image captcha after 3 consecutive failures', async () => {
    // from an address the account never signed in from (a known one only counts its own failures)
    await db.query(`delete from sign_in_addresses where account = 'operator'`);
    for (let i = 0; i < 3; i++) {
      const r = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('operator', 'bad') });
      expect(r.body.msg).toBe('账号或密码错误');
    }
    let res = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('operator', 'operator123') });
    expect(res.body).toMatchObject({ code: 400, msg: '请输入验证码', data: { captchaRequired: true } });

    const cap = await call(app, 'POST', '/api/oauth/captcha');
    expect(cap.body.code).toBe(200);
    expect(cap.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const key = cap.body.data.timestamp as string;
    res = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('operator', 'operator123', { code: 'zzzz', timestamp: key }) });
    expect(res.body).toMatchObject({ code: 400, msg: '验证码错误或已过期', data: { captchaRequired: true } });

    const cap2 = await call(app, 'POST', '/api/oauth/captcha');
    const key2 = cap2.body.data.timestamp as string;
    const text = (await db.query<{ text: string }>('select text from captchas where key = $1', [key2])).rows[0].text;
    res = await call(app, 'POST', '/api/oauth/Login', {
      form: loginForm('operator', 'operator123', { code: text.toUpperCase(), timestamp: key2 }),
    });
    expect(res.body.code).toBe(200);
    // single use, and the counter was reset
    expect((await db.query('select 1 from captchas where key = $1', [key2])).rows).toHaveLength(0);
    res = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('operator', 'operator123') });
    expect(res.body.code).toBe(200);
  });

  it('needs an SMS code when the switch is on', async () => {
    let res = await call(app, 'POST', '/api/oauth/getAconfig/1', { form: { fkey: 'smsLoginSwitch' } });
    expect(res.body.data).toEqual({ fkey: 'smsLoginSwitch', value: '0', enabled: false });
    await db.query(`update sys_config set value = '1' where key = 'smsLoginSwitch'`);
    try {
      res = await call(app, 'POST', '/api/oauth/getAconfig/1', { form: { fkey: 'smsLoginSwitch' } });
      expect(res.body.data.enabled).toBe(true);
      res = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('admin', 'admin123', { smsCode: '000000' }) });
      expect(res.body).toMatchObject({ code: 400, msg: '短信验证码错误或已过期' });
      res = await call(app, 'POST', '/api/oauth/sentSmscode/1', { form: { username: 'admin' } });
      expect(res.body).toMatchObject({ code: 200, msg: '验证码已发送', data: { expiresIn: 300 } });
      const code = (await db.query<{ code: string }>(`select code from sms_codes where account = 'admin'`)).rows[0].code;
      expect(code).toMatch(/^\d{6}$/);
      res = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('admin', 'admin123', { smsCode: code }) });
      expect(res.body.code).toBe(200);
      res = await call(app, 'POST', '/api/oauth/sentSmscode/1', { form: { username: 'ghost' } });
      expect(res.body.code).toBe(200);
    } finally {
      await db.query(`update sys_config set value = '0' where key = 'smsLoginSwitch'`);
    }
  });
});

describe('sessions', () => {
  it('answers 600 without a token, with a bad token and with an expired token', async () => {
    let res = await call(app, 'GET', '/api/oauth/CurrentUser');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 600, msg: '登录状态已过期，请重新登录', data: null });
    res = await call(app, 'GET', '/api/oauth/CurrentUser', { token: `Bearer ${'0'.repeat(64)}` });
    expect(res.body.code).toBe(600);

    const token = await login(app, 'admin', 'admin123');
    expect((await call(app, 'GET', '/api/oauth/CurrentUser', { token })).body.code).toBe(200);
    // the prefix is optional
    expect((await call(app, 'GET', '/api/oauth/CurrentUser', { token: token.slice(7) })).body.code).toBe(200);
    // a session the server has not looked up yet (a looked-up one is remembered up to its own expiry,
    // lib/session-cache.ts; a direct update of the row is not a sign-out)
    const expired = await login(app, 'admin', 'admin123');
    await db.query(`update tokens set expires_at = now() - interval '1 second' where token = $1`, [expired.slice(7)]);
    expect((await call(app, 'GET', '/api/oauth/CurrentUser', { token: expired })).body.code).toBe(600);
  });

  it('logout invalidates the token and is fine with an invalid one', async () => {
    const token = await login(app, 'admin', 'admin123');
    const res = await call(app, 'GET', '/api/oauth/Logout', { token });
    expect(res.body).toMatchObject({ code: 200, msg: '退出成功' });
    expect((await call(app, 'GET', '/api/oauth/CurrentUser', { token })).body.code).toBe(600);
    expect((await call(app, 'GET', '/api/oauth/Logout', { token })).body.code).toBe(200);
    expect((await call(app, 'GET', '/api/oauth/Logout')).body.code).toBe(200);
  });

  it('CurrentUser: admin sees everything', async () => {
    const token = await login(app, 'admin', 'admin123');
    const { data } = (await call(app, 'GET', '/api/oauth/CurrentUser', { token })).body;
    expect(data).toMatchObject({ userId: 'u-admin', userName: 'admin', realName: '系统管理员' });
    expect(data.roles).toEqual([{ id: 'r-admin', fullName: '超级管理员', enCode: 'admin' }]);
    expect(data.buttonList).toEqual(expect.arrayContaining(['parking:add', 'parking:delete', 'menu:add', 'role:edit']));
    const menus = data.menuList as MenuItem[];
    expect(menus.map((m) => m.enCode)).toEqual([
      'parking',
      'charging',
      'fee',
      'OrderManagement',
      'refund',
      'arrears',
      'coupon',
      'card',
      'finance',
      'monitoring',
      'tools',
      'system',
    ]);
    const parking = menus[0];
    expect(parking).toMatchObject({ parentId: '-1', type: 1, fullName: '停车基础设施', hasChildren: true, icon: 'parking' });
    expect(parking.children[0]).toMatchObject({
      enCode: 'parkingAdmin',
      type: 2,
      urlAddress: 'parking/parkingAdmin',
      linkTarget: '_self',
      parentId: parking.id,
      hasChildren: false,
      children: [],
      propertyJson: '{"noCache":false}',
    });
    const docs = flat(menus).find((m) => m.enCode === 'apiDocs');
    expect(docs).toMatchObject({ type: 7, urlAddress: '/api/docs', linkTarget: '_blank' });
  });

  it('CurrentUser: operator gets a subset', async () => {
    const token = await login(app, 'operator', 'operator123');
    const { data } = (await call(app, 'GET', '/api/oauth/CurrentUser', { token })).body;
    expect(data.realName).toBe('值班操作员');
    const codes = flat(data.menuList).map((m) => m.enCode);
    expect(codes).toEqual(
      expect.arrayContaining([
        'parking',
        'parkingAdmin',
        'parkingLane',
        'parkingSpace',
        'OrderManagement',
        'refundApply',
        'arrears',
        'device',
      ]),
    );
    for (const c of ['system', 'finance', 'tools', 'charging', 'fee', 'coupon', 'card', 'refundAudit', 'parkingArea']) {
      expect(codes).not.toContain(c);
    }
    expect(data.buttonList).toEqual(expect.arrayContaining(['parking:edit', 'parking:export']));
    for (const b of ['parking:add', 'parking:delete', 'parking:qrcode', 'menu:add']) expect(data.buttonList).not.toContain(b);
  });

  it('forbidden calls answer HTTP 403 in the envelope; unknown routes 404', async () => {
    const token = await login(app, 'operator', 'operator123');
    const res = await call(app, 'GET', '/api/system/Menu', { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, msg: '没有权限访问该资源', data: null });
    const nf = await call(app, 'GET', '/api/system/Nothing', { token });
    expect(nf.status).toBe(404);
    expect(nf.body).toEqual({ code: 404, msg: '接口不存在', data: null });
  });

  it('bad JSON is a 400 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 400 });
  });
});

describe('updatePassword', () => {
  it('changes the caller own password', async () => {
    await db.query(
      `insert into users (id, account, real_name, password_hash)
       select 'u-pw', 'pwuser', '改密用户', password_hash from users where account = 'operator'`,
    );
    await db.query(`insert into user_roles (user_id, role_id) values ('u-pw', 'r-operator')`);
    const token = await login(app, 'pwuser', 'operator123');
    const elsewhere = await login(app, 'pwuser', 'operator123');
    const newPw = md5Hex('newPass9');
    let res = await call(app, 'PUT', '/api/oauth/updatePassword', {
      token,
      json: { id: 'u-pw', userPassword: newPw, validatePassword: md5Hex('other1') },
    });
    expect(res.body).toMatchObject({ code: 400, msg: '两次输入的密码不一致' });
    res = await call(app, 'PUT', '/api/oauth/updatePassword', {
      token,
      json: { id: 'u-admin', userPassword: newPw, validatePassword: newPw },
    });
    expect(res.body.code).toBe(400);
    res = await call(app, 'PUT', '/api/oauth/updatePassword', { token });
    expect(res.body.code).toBe(400);
    res = await call(app, 'PUT', '/api/oauth/updatePassword', {
      token,
      json: { id: 'u-pw', userPassword: newPw, validatePassword: newPw },
    });
    expect(res.body).toMatchObject({ code: 200, msg: '修改成功' });
    // the other session (another browser, or a stolen token) ends; this one goes on
    expect((await call(app, 'GET', '/api/oauth/CurrentUser', { token: elsewhere })).body.code).toBe(600);
    expect((await call(app, 'GET', '/api/oauth/CurrentUser', { token })).body.code).toBe(200);
    expect((await call(app, 'POST', '/api/oauth/Login', { form: loginForm('pwuser', 'operator123') })).body.code).toBe(400);
    expect((await call(app, 'POST', '/api/oauth/Login', { form: loginForm('pwuser', 'newPass9') })).body.code).toBe(200);
    expect((await call(app, 'PUT', '/api/oauth/updatePassword', { json: { id: 'u-pw' } })).body.code).toBe(600);
  });
});
