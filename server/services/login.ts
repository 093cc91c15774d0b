import type { Db } from '../db/database.ts';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../lib/envelope.ts';
import { randomHex } from '../lib/ids.ts';
import { verifyPassword } from '../lib/password.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { checkCaptcha, checkSmsCode, getConfig } from './captcha.ts';

/** The sign-in decision: captcha after repeated failures, password, status, SMS code, token. */

export const CAPTCHA_AFTER_FAILURES = 3;
const DAY_SECONDS = 86_400;

export interface LoginInput {
  account: string;
  password: string;
  code?: string;
  timestamp?: string;
  rememberMe: boolean;
  smsCode?: string;
}

async function failCount(db: Db, account: string): Promise<number> {
  const { rows } = await db.query<{ fail_count: number }>('select fail_count from login_attempts where account = $1', [account]);
  return rows[0]?.fail_count ?? 0;
}

async function recordFailure(db: Db, account: string): Promise<number> {
  const { rows } = await db.query<{ fail_count: number }>(
    `insert into login_attempts (account, fail_count, last_failed_at) values ($1, 1, now())
     on conflict (account) do update set fail_count = login_attempts.fail_count + 1, last_failed_at = now()
     returning fail_count`,
    [account],
  );
  return rows[0].fail_count;
}

async function logAttempt(db: Db, req: FastifyRequest, account: string, success: boolean, reason: string): Promise<void> {
  await db.query('insert into login_log (account, success, reason, ip, user_agent) values ($1, $2, $3, $4, $5)', [
    account,
    success,
    reason,
    req.ip ?? '',
    String(req.headers['user-agent'] ?? ''),
  ]);
}

/** Runs the whole sign-in; returns the token (without the Bearer prefix) or throws a 400 ApiError. */
export async function login(db: Db, req: FastifyRequest, input: LoginInput): Promise<string> {
  const { account } = input;
  const fail = async (msg: string, countsAsFailure: boolean, captchaRequired?: boolean): Promise<never> => {
    await logAttempt(db, req, account, false, msg);
    const count = countsAsFailure ? await recordFailure(db, account) : await failCount(db, account);
    const required = captchaRequired ?? count >= CAPTCHA_AFTER_FAILURES;
    throw badRequest(msg, required ? { captchaRequired: true } : null);
  };

  if ((await failCount(db, account)) >= CAPTCHA_AFTER_FAILURES) {
    if (!input.code || !input.timestamp) await fail('请输入验证码', false, true);
    else if (!(await checkCaptcha(db, input.timestamp, input.code))) await fail('验证码错误或已过期', false, true);
  }

  const { rows } = await db.query<{ id: string; account: string; status: number; password_hash: string }>(
    'select id, account, status, password_hash from users where account = $1',
    [account],
  );
  const user = rows[0];
  if (!user || !verifyPassword(input.password, user.password_hash)) return fail('账号或密码错误', true);
  if (user.status !== 1) return fail('账号已被禁用，请联系管理员', false);

  if ((await getConfig(db, 'smsLoginSwitch')) === '1') {
    if (!input.smsCode) return fail('请输入短信验证码', false);
    if (!(await checkSmsCode(db, account, input.smsCode))) return fail('短信验证码错误或已过期', false);
  }

  const token = randomHex(32);
  const ttl = input.rememberMe ? 7 * DAY_SECONDS : DAY_SECONDS;
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into tokens (token, user_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))`,
      [token, user.id, ttl],
    );
    await tx.query('delete from login_attempts where account = $1', [account]);
    await tx.query('delete from tokens where user_id = $1 and expires_at < now()', [user.id]);
    await writeOperLog(tx, req, { action: 'login', module: 'auth', recordId: user.id, detail: '登录成功', user });
  });
  await logAttempt(db, req, account, true, '登录成功');
  return token;
}
