import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { createLogger, maskSecrets } from '../lib/logger.ts';
import { md5Hex } from '../lib/password.ts';
import { DEFAULT_PAGE_BUNDLES } from '../lib/static.ts';
import { buildTestApp, call, loginForm } from './helpers.ts';

// What a site's operations staff rely on: probes for the load balancer, a request id in every
// answer, and a log with one line per request that never holds a secret.

/** every line the server logs, captured instead of printed */
class Captured extends Writable {
  text = '';
  _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
  lines(): Record<string, unknown>[] {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

describe('health, readiness and the request log', () => {
  let app: FastifyInstance;
  let db: Db;
  const log = new Captured();
  const outboxDir = mkdtempSync(join(tmpdir(), 'sms-outbox-'));
  const outbox = join(outboxDir, 'sms-outbox.txt');

  beforeAll(async () => {
    ({ app, db } = await buildTestApp({
      logger: createLogger('json', log),
      smsOutbox: outbox,
      pageBundles: [{ urlPrefix: '/site-pages/', dir: '/nonexistent/site-pages' }, ...DEFAULT_PAGE_BUNDLES],
    }));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('/api/health answers without a token; every answer names its request', async () => {
    const a = await call(app, 'GET', '/api/health');
    const b = await call(app, 'GET', '/api/health');
    expect(a.body).toEqual({ code: 200, msg: '操作成功', data: { status: 'up' } });
    expect(a.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
  });

  it('/api/ready answers 503 with its reasons: an unreadable page bundle, a migration not applied', async () => {
    const res = await call(app, 'GET', '/api/ready');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 503, data: { status: 'not ready', reasons: ['页面文件不可读：/site-pages/'] } });
    const { rows } = await db.query<{ name: string }>('select name from schema_migrations order by name desc limit 1');
    await db.query('delete from schema_migrations where name = $1', [rows[0].name]);
    try {
      const missing = await call(app, 'GET', '/api/ready');
      expect(missing.body.data.reasons).toEqual([`数据库迁移未完成：${rows[0].name}`, '页面文件不可读：/site-pages/']);
      expect(missing.body.msg).toContain(rows[0].name);
    } finally {
      await db.query('insert into schema_migrations (name) values ($1)', [rows[0].name]);
    }
  });

  it('logs one line per request with its id, account, route, status and duration, and no secret', async () => {
    // the captcha path of sign-in: three failures, then the captcha
    for (let i = 0; i < 3; i++) await call(app, 'POST', '/api/oauth/Login', { form: loginForm('operator', 'wrong-password-1') });
    const captcha = await call(app, 'POST', '/api/oauth/captcha');
    const { rows } = await db.query<{ text: string }>('select text from captchas where key = $1', [captcha.body.data.timestamp]);
    const answer = rows[0].text;
    const operator = await call(app, 'POST', '/api/oauth/Login', {
      form: loginForm('operator', 'operator123', { code: answer, timestamp: captcha.body.data.timestamp }),
    });
    expect(operator.body.code, operator.body.msg).toBe(200);
    const admin = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('admin', 'admin123') });
    const token = admin.body.data.token as string;
    const phone = '13987651234';
    const password = 'Logs12345';
    const created = await call(app, 'POST', '/api/system/Permission/Users', {
      token,
      json: {
        account: 'log_probe',
        realName: '日志检查',
        phone,
        roleIds: ['r-admin'],
        userPassword: md5Hex(password),
        validatePassword: md5Hex(password),
      },
    });
    expect(created.body.code, created.body.msg).toBe(200);
    const found = await call(app, 'GET', `/api/system/Permission/Users?keyword=${phone}&currentPage=1&pageSize=10`, { token });
    expect(found.body.data.list.map((u: { account: string }) => u.account)).toContain('log_probe');
    await call(app, 'GET', '/api/ready', { token });

    const lines = log.lines();
    const search = lines.find((l) => l.reqId === found.headers['x-request-id']);
    expect(search).toMatchObject({ msg: 'request', account: 'admin', method: 'GET', route: '/api/system/Permission/Users', status: 200 });
    expect(typeof search?.ms).toBe('number');
    expect(lines.filter((l) => l.reqId === found.headers['x-request-id'])).toHaveLength(1);
    expect(lines.find((l) => l.reqId === created.headers['x-request-id'])).toMatchObject({ account: 'admin', method: 'POST', status: 200 });
    // probes stay out of the info log
    expect(lines.filter((l) => typeof l.route === 'string' && l.route.startsWith('/api/ready'))).toEqual([]);

    const secrets = {
      token,
      'token without its prefix': token.replace(/^Bearer\s+/, ''),
      'password digest': md5Hex('operator123'),
      'wrong password digest': md5Hex('wrong-password-1'),
      'new password digest': md5Hex(password),
      'new password': password,
      phone,
    };
    for (const [what, secret] of Object.entries(secrets)) expect(log.text.includes(secret), what).toBe(false);
    expect(new RegExp(`\\b${answer}\\b`, 'i').test(log.text), 'captcha answer').toBe(false);
  });

  it('an SMS sign-in code goes to the outbox (the demo’s phone) and never to the log', async () => {
    await db.query(`update sys_config set value = '1' where key = 'smsLoginSwitch'`);
    try {
      const sent = await call(app, 'POST', '/api/oauth/sentSmscode/1', { form: { username: 'admin' } });
      expect(sent.body).toMatchObject({ code: 200, msg: '验证码已发送' });
      const code = (await db.query<{ code: string }>(`select code from sms_codes where account = 'admin'`)).rows[0].code;
      expect(statSync(outbox).mode & 0o777).toBe(0o600);
      expect(readFileSync(outbox, 'utf8')).toMatch(new RegExp(`\\tadmin\\t.*验证码是${code}，5分钟内有效`));
      const signedIn = await call(app, 'POST', '/api/oauth/Login', { form: loginForm('admin', 'admin123', { smsCode: code }) });
      expect(signedIn.body.code, signedIn.body.msg).toBe(200);
      expect(log.text).not.toMatch(new RegExp(`\\b${code}\\b`));
    } finally {
      await db.query(`update sys_config set value = '0' where key = 'smsLoginSwitch'`);
    }
  });

  it('an outbox that is not the server’s own file is not written, and the caller gets the usual answer', async () => {
    const shared = join(outboxDir, 'shared-outbox.txt');
    symlinkSync(join(outboxDir, 'elsewhere.txt'), shared);
    const { app: other } = await buildTestApp({ logger: createLogger('json', log), smsOutbox: shared });
    try {
      const sent = await call(other, 'POST', '/api/oauth/sentSmscode/1', { form: { username: 'admin' } });
      expect(sent.body).toMatchObject({ code: 200, msg: '验证码已发送' });
      expect(existsSync(join(outboxDir, 'elsewhere.txt'))).toBe(false);
      expect(log.lines().some((l) => l.msg === 'SMS outbox not written')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('masks a token, a password digest or a phone number that a message carries', () => {
    const line = maskSecrets(`{"msg":"Key (phone)=(13800138000) token ${'ab'.repeat(32)} pw ${md5Hex('x')} at 1795537722740"}`);
    expect(line).toBe('{"msg":"Key (phone)=(138****8000) token [redacted] pw [redacted] at 1795537722740"}');
  });
});
