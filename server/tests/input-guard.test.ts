import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, loginForm, withTestServer } from './helpers.ts';

let app: FastifyInstance;
let admin = '';
withTestServer((s) => ({ app, admin } = s));

describe('control characters are refused with a clear message, never a 500', () => {
  it('in a sign-in account (no token needed)', async () => {
    const res = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('a\u0000b', 'x') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 400, msg: '请求参数包含不允许的控制字符' });
  });

  it('in a body, a query string and a path id', async () => {
    const body = await call(app, 'POST', '/api/coupon/Merchant', { token: admin, json: { merchantName: 'x\u0000y' } });
    expect(body.body.code).toBe(400);
    const query = await call(app, 'GET', '/api/system/Parking?keyword=%00', { token: admin });
    expect(query.body.code).toBe(400);
    const id = await call(app, 'GET', '/api/coupon/Merchant/m%00x', { token: admin });
    expect(id.body.code).toBe(400);
  });
});
