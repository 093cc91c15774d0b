import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database, Db } from '../db/database.ts';
import { md5Hex } from '../lib/password.ts';
import type { SignInLimits } from '../services/sign-in/limit-policy.ts';
import { type Res, buildTestApp, call, login, loginForm } from './helpers.ts';
import { onPostgres, openTestDatabase } from './test-database.ts';

/**
 * The sign-in guard (services/sign-in-guard.ts) with small numbers: limits per client address and
 * per account with the time to wait, the captcha for an address across many accounts, account locks
 * and 用户管理's unlock, and (on PostgreSQL) the same counts across two server instances.
 * Requests come from made-up addresses (inject's remoteAddress): nothing leaves the process.
 */

const LIMITS: Partial<SignInLimits> = {
  loginPerAddress: { max: 6, windowMs: 60_000 },
  loginPerAccount: { max: 8, windowMs: 60_000 },
  captchaPerAddress: { max: 5, windowMs: 60_000 },
  smsPerAddress: { max: 3, windowMs: 60_000 },
  smsPerAccount: { max: 1, windowMs: 60_000 },
  captchaAfterAddressFailures: { max: 3, windowMs: 60_000 },
  captchaAfterFailures: 3,
  lockAfterFailures: 5,
  lockMs: 120_000,
  loopbackFactor: 3,
};

const U = '/api/system/Permission/Users';
/** "请1分钟后再试", "请59秒后再试": a wait of at most a minute */
const WITHIN_A_MINUTE = /请(1分钟|\d{1,2}秒)后再试/;

async function post(app: FastifyInstance, url: string, addr: string, form?: Record<string, string>): Promise<Res> {
  const res = await app.inject({
    method: 'POST',
    url,
    remoteAddress: addr,
    ...(form ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() } : {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** A captcha fetched from `addr`, solved by reading the database. */
async function solve(app: FastifyInstance, db: Db, addr: string): Promise<{ code: string; timestamp: string }> {
  const res = await post(app, '/api/oauth/captcha', addr);
  expect(res.body.code, res.body.msg).toBe(200);
  const { timestamp } = res.body.data;
  const { rows } = await db.query<{ text: string }>('select text from captchas where key = $1', [timestamp]);
  return { code: rows[0].text, timestamp };
}

const signIn = (app: FastifyInstance, addr: string, account: string, password: string, extra: Record<string, string> = {}) =>
  post(app, '/api/oauth/Login', addr, loginForm(account, password, extra));

/** The refusal of a limit: code 429, the wait in msg, data.retryAfter and the Retry-After header agree. */
function expectLimited(res: Res, msg: string): void {
  expect(res.status).toBe(200);
  expect(res.body.code, res.body.msg).toBe(429);
  expect(res.body.msg.startsWith(`${msg}，`), res.body.msg).toBe(true);
  expect(res.body.msg).toMatch(WITHIN_A_MINUTE);
  expect(res.body.data.retryAfter).toBeGreaterThan(0);
  expect(res.body.data.retryAfter).toBeLessThanOrEqual(60);
  expect(Number(res.headers['retry-after'])).toBe(res.body.data.retryAfter);
}

describe('sign-in guard', () => {
  let app: FastifyInstance;
  let db: Db;
  let admin: string;
  beforeAll(async () => {
    ({ app, db } = await buildTestApp({ signInLimits: LIMITS }));
    admin = await login(app, 'admin', 'admin123');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('per client address: failed sign-ins beyond the limit wait; other addresses and successful sign-ins are not held back', async () => {
    for (let i = 1; i <= 6; i++) expect((await signIn(app, '10.1.0.1', `addr-acct-${i}`, 'wrong')).body.code).toBe(400);
    const refused = await signIn(app, '10.1.0.1', 'admin', 'admin123');
    expectLimited(refused, '登录尝试过于频繁');
    expect((await signIn(app, '10.1.0.2', 'admin', 'admin123')).body.code).toBe(200);
    // a sign-in that succeeds is given back: many in a row from one address
    for (let i = 0; i < 10; i++) expect((await signIn(app, '10.1.0.3', 'operator', 'operator123')).body.code).toBe(200);
  });

  it('per account: failures from many addresses on one account wait; a concurrent burst is held to the limit', async () => {
    for (let i = 1; i <= 8; i++) expect((await signIn(app, `10.2.0.${i}`, 'ghost-acct', 'wrong')).body.code).toBe(400);
    expectLimited(await signIn(app, '10.2.0.9', 'ghost-acct', 'wrong'), '该账号登录尝试过于频繁');
    // the same address may still sign in to another account
    expect((await signIn(app, '10.2.0.9', 'admin', 'admin123')).body.code).toBe(200);

    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(app, `10.2.1.${i + 1}`, 'burst-acct', 'wrong')));
    expect(burst.filter((r) => r.body.code !== 429)).toHaveLength(8);
  });

  it('the captcha is demanded from an address after failures on many accounts, one try each', async () => {
    const first = await signIn(app, '10.3.0.1', 'many-1', 'wrong');
    expect(first.body).toMatchObject({ code: 400, msg: '账号或密码错误', data: null });
    await signIn(app, '10.3.0.1', 'many-2', 'wrong');
    const third = await signIn(app, '10.3.0.1', 'many-3', 'wrong');
    expect(third.body).toMatchObject({ code: 400, msg: '账号或密码错误', data: { captchaRequired: true } });
    // a fresh account from that address, even with the right password, needs the captcha
    const fresh = await signIn(app, '10.3.0.1', 'operator', 'operator123');
    expect(fresh.body).toMatchObject({ code: 400, msg: '请输入验证码', data: { captchaRequired: true } });
    expect((await signIn(app, '10.3.0.1', 'operator', 'operator123', await solve(app, db, '10.3.0.1'))).body.code).toBe(200);
    // another address does not
    expect((await signIn(app, '10.3.0.2', 'operator', 'operator123')).body.code).toBe(200);
  });

  it('captcha images: per address, loopback clients get the factor', async () => {
    for (let i = 0; i < 5; i++) expect((await post(app, '/api/oauth/captcha', '10.5.0.1')).body.code).toBe(200);
    expectLimited(await post(app, '/api/oauth/captcha', '10.5.0.1'), '获取验证码过于频繁');
    expect((await post(app, '/api/oauth/captcha', '10.5.0.2')).body.code).toBe(200);
    // 127.0.0.1: three times as many, then the same refusal
    for (let i = 0; i < 15; i++) expect((await post(app, '/api/oauth/captcha', '127.0.0.1')).body.code).toBe(200);
    expectLimited(await post(app, '/api/oauth/captcha', '127.0.0.1'), '获取验证码过于频繁');
  });

  it('SMS codes: per account (unknown accounts alike) and per address', async () => {
    const sms = (addr: string, username: string) => post(app, '/api/oauth/sentSmscode/1', addr, { username });
    expect((await sms('10.6.0.1', 'admin')).body).toMatchObject({ code: 200, msg: '验证码已发送' });
    expectLimited(await sms('10.6.0.2', 'admin'), '该账号的短信验证码发送过于频繁');
    expect((await sms('10.6.0.2', 'sms-ghost')).body.code).toBe(200);
    expectLimited(await sms('10.6.0.3', 'sms-ghost'), '该账号的短信验证码发送过于频繁');
    for (const u of ['sms-1', 'sms-2', 'sms-3']) expect((await sms('10.6.0.4', u)).body.code).toBe(200);
    expectLimited(await sms('10.6.0.4', 'sms-4'), '发送短信验证码过于频繁');
  });

  it('locks an account after consecutive failures, refuses it while locked, logs the lock; an administrator unlocks it', async () => {
    const created = await call(app, 'POST', U, {
      token: admin,
      json: {
        account: 'locky',
        realName: '锁定测试',
        roleIds: ['r-operator'],
        userPassword: md5Hex('secret1'),
        validatePassword: md5Hex('secret1'),
      },
    });
    const id = created.body.data.id as string;
    const msgs: string[] = [];
    for (let i = 1; i <= 5; i++) {
      // from the 4th on the account needs the captcha (3 failures)
      const res = await signIn(app, `10.7.0.${i}`, 'locky', 'wrong', i > 3 ? await solve(app, db, `10.7.0.${i}`) : {});
      msgs.push(res.body.msg);
      if (i === 5) {
        expect(res.body).toMatchObject({ code: 400, data: { locked: true, retryAfter: 120, captchaRequired: true } });
        expect(res.headers['retry-after']).toBe('120');
      }
    }
    expect(msgs).toEqual([
      '账号或密码错误',
      '账号或密码错误，再失败3次账号将被锁定',
      '账号或密码错误，再失败2次账号将被锁定',
      '账号或密码错误，再失败1次账号将被锁定',
      '账号或密码错误，失败次数过多，账号已锁定2分钟，期间须输入验证码登录',
    ]);

    // with a solved captcha the owner signs in all the same; the lock stays for the others
    expect((await signIn(app, '10.7.1.1', 'locky', 'secret1', await solve(app, db, '10.7.1.1'))).body.code).toBe(200);
    // without one, the right password from a new address is refused while the lock lasts
    const refused = await signIn(app, '10.7.1.2', 'locky', 'secret1');
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toMatch(/^账号已锁定（(2分钟|1分\d+秒)后解除），请输入验证码后登录或联系管理员解锁$/);
    expect(refused.body.data).toMatchObject({ locked: true, captchaRequired: true });
    expect(Number(refused.headers['retry-after'])).toBe(refused.body.data.retryAfter);

    // an account nobody holds locks the same way: the answers tell nobody which accounts exist
    let ghost: Res | undefined;
    for (let i = 1; i <= 5; i++)
      ghost = await signIn(app, `10.7.2.${i}`, 'locky-ghost', 'wrong', i > 3 ? await solve(app, db, `10.7.2.${i}`) : {});
    expect(ghost!.body).toEqual({ code: 400, msg: msgs[4], data: { locked: true, retryAfter: 120, captchaRequired: true } });

    // 用户管理 answers the lock
    const list = await call(app, 'GET', `${U}?keyword=locky`, { token: admin });
    const row = list.body.data.list.find((u: { account: string }) => u.account === 'locky');
    expect(row.locked).toBe(true);
    expect(row.lockedUntil).toBeGreaterThan(Date.now() + 60_000);
    expect((await call(app, 'GET', `${U}/${id}`, { token: admin })).body.data.locked).toBe(true);
    const admins = await call(app, 'GET', `${U}?keyword=admin`, { token: admin });
    expect(admins.body.data.list[0]).toMatchObject({ account: 'admin', locked: false, lockedUntil: null });

    // the lock is in the sign-in log and the operation log
    const reasons = (await db.query<{ reason: string }>(`select reason from login_log where account = 'locky' order by id`)).rows.map(
      (r) => r.reason,
    );
    expect(reasons).toContain('连续5次登录失败，账号锁定2分钟');
    expect(reasons.at(-1)).toBe('账号已锁定');
    const lockLog = await db.query<{ account: string; action: string; detail: string }>(
      `select account, action, detail from oper_log where module = 'user' and record_id = $1 order by id`,
      [id],
    );
    expect(lockLog.rows).toContainEqual({ account: 'locky', action: 'status', detail: 'locky 连续5次登录失败，账号锁定2分钟' });

    // only with the 解锁 button
    const operator = await login(app, 'operator', 'operator123');
    expect((await call(app, 'POST', `${U}/${id}/Actions/Unlock`, { token: operator, json: {} })).status).toBe(403);
    const me = await call(app, 'GET', '/api/oauth/CurrentUser', { token: admin });
    expect(me.body.data.buttonList).toContain('user:unlock');
    const unlocked = await call(app, 'POST', `${U}/${id}/Actions/Unlock`, { token: admin, json: {} });
    expect(unlocked.body).toMatchObject({ code: 200, msg: '解锁成功' });
    const unlockLog = await db.query<{ account: string; detail: string }>(
      `select account, detail from oper_log where module = 'user' and record_id = $1 order by id desc limit 1`,
      [id],
    );
    expect(unlockLog.rows[0]).toEqual({ account: 'admin', detail: 'locky 解锁' });
    expect((await call(app, 'GET', `${U}/${id}`, { token: admin })).body.data.locked).toBe(false);
    expect((await signIn(app, '10.7.3.1', 'locky', 'secret1')).body.code).toBe(200);
    expect((await call(app, 'POST', `${U}/${id}/Actions/Unlock`, { token: admin, json: {} })).body.msg).toBe(
      '该账号未锁定，已清除其登录失败次数',
    );
    expect((await call(app, 'POST', `${U}/u-none/Actions/Unlock`, { token: admin, json: {} })).body.code).toBe(404);
  });

  it('the owner signs in while an attacker keeps failing on the same account from another address', async () => {
    await call(app, 'POST', U, {
      token: admin,
      json: {
        account: 'owner',
        realName: '车场主',
        roleIds: ['r-operator'],
        userPassword: md5Hex('Own3rpass'),
        validatePassword: md5Hex('Own3rpass'),
      },
    });
    const OWNER = '10.11.0.1';
    expect((await signIn(app, OWNER, 'owner', 'Own3rpass')).body.code).toBe(200);
    // the attacker, from addresses the account never signed in from, fails (solving the captcha
    // when asked) until the account is locked, and on; the owner signs in after every round
    const attacks: Res[] = [];
    for (let round = 1; round <= 4; round++) {
      for (let i = 1; i <= 3; i++) {
        const addr = `10.11.${round}.${i}`;
        const needs = attacks.at(-1)?.body.data?.captchaRequired;
        attacks.push(await signIn(app, addr, 'owner', 'guess', needs ? await solve(app, db, addr) : {}));
      }
      expect((await signIn(app, OWNER, 'owner', 'Own3rpass')).body.code).toBe(200);
    }
    expect(attacks.some((r) => r.body.data?.locked)).toBe(true);
    // the lock is still on for strangers, and the owner's sign-ins did not lift it
    const stranger = await signIn(app, '10.11.9.1', 'owner', 'guess');
    expect(stranger.body.data).toMatchObject({ locked: true, captchaRequired: true });
    // the owner on a new address passes with the captcha
    expect((await signIn(app, '10.11.9.3', 'owner', 'Own3rpass', await solve(app, db, '10.11.9.3'))).body.code).toBe(200);
    // a wrong password from the owner's address is refused as usual and counted
    expect((await signIn(app, OWNER, 'owner', 'typo')).body).toMatchObject({ code: 400, msg: '账号或密码错误' });
  });

  it('a lock ends by itself: then the right password (with the captcha) signs in and clears the failures', async () => {
    for (let i = 1; i <= 5; i++) await signIn(app, `10.8.0.${i}`, 'operator', 'wrong', i > 3 ? await solve(app, db, `10.8.0.${i}`) : {});
    expect((await signIn(app, '10.8.1.1', 'operator', 'operator123')).body.data).toMatchObject({ locked: true });
    await db.query(`update login_attempts set locked_until = now() - interval '1 second' where account = 'operator'`);
    expect((await signIn(app, '10.8.1.2', 'operator', 'operator123')).body.msg).toBe('请输入验证码');
    expect((await signIn(app, '10.8.1.3', 'operator', 'operator123', await solve(app, db, '10.8.1.3'))).body.code).toBe(200);
    expect((await db.query(`select 1 from login_attempts where account = 'operator'`)).rows).toHaveLength(0);
  });
});

// Two reference servers on one PostgreSQL (a PGlite database belongs to one process): the counts
// and the locks are in the database, so an attacker gains nothing by alternating between them.
describe.skipIf(!onPostgres())('sign-in guard across two server instances on one PostgreSQL', () => {
  let db: Database & { url?: string };
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    db = await openTestDatabase();
    a = (await buildApp({ database: { databaseUrl: db.url! }, signInLimits: LIMITS })).app;
    b = (await buildApp({ database: { databaseUrl: db.url! }, signInLimits: LIMITS })).app;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.close();
  });

  it('an address and an account are counted on both instances together', async () => {
    for (let i = 1; i <= 6; i++) expect((await signIn(i % 2 ? a : b, '10.9.0.1', `two-${i}`, 'wrong')).body.code).toBe(400);
    expectLimited(await signIn(a, '10.9.0.1', 'admin', 'admin123'), '登录尝试过于频繁');
    expectLimited(await signIn(b, '10.9.0.1', 'admin', 'admin123'), '登录尝试过于频繁');

    for (let i = 1; i <= 5; i++) expect((await post(i % 2 ? a : b, '/api/oauth/captcha', '10.9.0.2')).body.code).toBe(200);
    expectLimited(await post(a, '/api/oauth/captcha', '10.9.0.2'), '获取验证码过于频繁');

    for (let i = 1; i <= 8; i++) await signIn(i % 2 ? a : b, `10.9.1.${i}`, 'two-acct', 'wrong');
    expectLimited(await signIn(b, '10.9.1.9', 'two-acct', 'wrong'), '该账号登录尝试过于频繁');
  });

  it('a lock made on one instance holds on the other; an unlock on either ends it', async () => {
    for (let i = 1; i <= 5; i++) {
      const app = i % 2 ? a : b;
      await signIn(app, `10.9.2.${i}`, 'operator', 'wrong', i > 3 ? await solve(app, db, `10.9.2.${i}`) : {});
    }
    const refused = await signIn(b, '10.9.3.1', 'operator', 'operator123');
    expect(refused.body.msg).toMatch(/^账号已锁定/);
    const token = await login(a, 'admin', 'admin123');
    expect((await call(b, 'POST', `${U}/u-operator/Actions/Unlock`, { token, json: {} })).body.msg).toBe('解锁成功');
    expect((await signIn(a, '10.9.3.2', 'operator', 'operator123')).body.code).toBe(200);
  });
});
