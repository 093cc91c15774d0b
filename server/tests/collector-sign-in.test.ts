import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { SHIFT_SECONDS } from '../services/login.ts';
import { call, loginForm, withTestServer } from './helpers.ts';

/**
 * The kerbside handheld's sign-in (origin `pda`): only a collector (an account holding pda:collect,
 * like the demo collector) signs in there, and the session lasts a shift, not a day.
 */

let app: FastifyInstance;
let db: Db;
withTestServer((s) => ({ app, db } = s));

const pdaLogin = (account: string, password: string) =>
  call(app, 'POST', '/api/oauth/Login', { form: loginForm(account, password, { origin: 'pda' }) });

describe('the handheld’s sign-in', () => {
  it('lets the demo collector in for a shift, and the collector may collect', async () => {
    const res = await pdaLogin('collector', 'collector123');
    expect(res.body.code, res.body.msg).toBe(200);
    const token = String(res.body.data.token).replace(/^Bearer /, '');
    const { rows } = await db.query<{ secs: number }>(
      'select extract(epoch from expires_at - now())::float8 as secs from tokens where token = $1',
      [token],
    );
    expect(rows[0].secs).toBeGreaterThan(SHIFT_SECONDS - 60);
    expect(rows[0].secs).toBeLessThanOrEqual(SHIFT_SECONDS);
    const bill = await call(app, 'GET', `/api/pda/Bill?plateNo=${encodeURIComponent('粤B9C001')}`, { token: res.body.data.token });
    expect(bill.body.code, bill.body.msg).toBe(200);
  });

  it('refuses an account that is no collector, in words, and hands out no token', async () => {
    const res = await pdaLogin('finance', 'finance123');
    expect(res.body).toMatchObject({ code: 400, msg: '该账号不是收费员，不能在手持机上收费；请用收费员账号登录' });
    expect(res.body.data?.token).toBeUndefined();
  });

  it('the console’s own sign-in of the collector lasts a day as any', async () => {
    const res = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('collector', 'collector123') });
    expect(res.body.code).toBe(200);
    const token = String(res.body.data.token).replace(/^Bearer /, '');
    const { rows } = await db.query<{ secs: number }>(
      'select extract(epoch from expires_at - now())::float8 as secs from tokens where token = $1',
      [token],
    );
    expect(rows[0].secs).toBeGreaterThan(SHIFT_SECONDS + 3600);
  });
});
