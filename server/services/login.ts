import type { Db } from '../db/database.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/envelope.ts';
import { randomHex } from '../lib/ids.ts';
import { verifyPassword } from '../lib/password.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { checkCaptcha, checkSmsCode, getConfig } from './captcha.ts';
import { accountState, lockedError } from './sign-in/account-locks.ts';
import type { SignInGuard } from './sign-in/guard-plugin.ts';
import { waitText } from './sign-in/limit-policy.ts';

/**
 * The sign-in decision: lock, per-account limit, captcha after repeated failures (of the account or
 * of the client's address), password, status, SMS code, token. The numbers are in sign-in/limit-policy.ts.
 */

const DAY_SECONDS = 86_400;
/** failures before the lock from which the refusal says how many are left */
const WARN_TRIES_LEFT = 3;

export interface LoginInput {
  account: string;
  password: string;
  code?: string;
  timestamp?: string;
  rememberMe: boolean;
  smsCode?: string;
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

/** Runs the whole sign-in; returns the token (without the Bearer prefix) or throws the refusal (code 400, or 429 over a limit). */
export async function login(db: Db, req: FastifyRequest, reply: FastifyReply, guard: SignInGuard, input: LoginInput): Promise<string> {
  const { account } = input;

  // a locked account is refused before anything is checked: no password is tried while it lasts
  const state = await accountState(db, account);
  if (state.lockedFor > 0) {
    await logAttempt(db, req, account, false, '账号已锁定');
    throw lockedError(reply, `账号已锁定，请${waitText(state.lockedFor)}后再试或联系管理员解锁`, state.lockedFor);
  }
  try {
    await guard.loginPerAccount.hit(req, reply);
  } catch (e) {
    await logAttempt(db, req, account, false, '登录尝试过于频繁');
    throw e;
  }

  /** `credentials`: a wrong password or SMS code, which counts towards the captcha and the lock (of `user`, when the account is one) */
  const fail = async (
    msg: string,
    credentials: boolean,
    captchaRequired?: boolean,
    user?: { id: string; account: string },
  ): Promise<never> => {
    await logAttempt(db, req, account, false, msg);
    if (!credentials) {
      const required = captchaRequired ?? (await guard.captchaRequired(req, state));
      throw badRequest(msg, required ? { captchaRequired: true } : null);
    }
    const after = await guard.recordFailure(req, account);
    if (after.lockedFor > 0) {
      const reason = `连续${after.failCount}次登录失败，账号锁定${waitText(after.lockedFor)}`;
      await logAttempt(db, req, account, false, reason);
      if (user) await writeOperLog(db, req, { action: 'status', module: 'user', recordId: user.id, detail: `${account} ${reason}`, user });
      throw lockedError(reply, `${msg}，失败次数过多，账号已锁定，请${waitText(after.lockedFor)}后再试或联系管理员解锁`, after.lockedFor);
    }
    const left = guard.triesLeft(after.failCount);
    const warn = left <= WARN_TRIES_LEFT ? `，再失败${left}次账号将被锁定` : '';
    const required = await guard.captchaRequired(req, { ...state, failCount: after.failCount });
    throw badRequest(msg + warn, required ? { captchaRequired: true } : null);
  };

  if (await guard.captchaRequired(req, state)) {
    if (!input.code || !input.timestamp) await fail('请输入验证码', false, true);
    else if (!(await checkCaptcha(db, input.timestamp, input.code))) await fail('验证码错误或已过期', false, true);
  }

  const { rows } = await db.query<{ id: string; account: string; status: number; password_hash: string }>(
    'select id, account, status, password_hash from users where account = $1',
    [account],
  );
  const user = rows[0];
  if (!user || !verifyPassword(input.password, user.password_hash)) return fail('账号或密码错误', true, undefined, user);
  if (user.status !== 1) return fail('账号已被禁用，请联系管理员', false);

  if ((await getConfig(db, 'smsLoginSwitch')) === '1') {
    if (!input.smsCode) return fail('请输入短信验证码', false);
    if (!(await checkSmsCode(db, account, input.smsCode))) return fail('短信验证码错误或已过期', true, undefined, user);
  }

  const token = randomHex(32);
  const ttl = input.rememberMe ? 7 * DAY_SECONDS : DAY_SECONDS;
  await db.transaction(async (tx) => {
    await tx.query(`insert into tokens (token, user_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))`, [
      token,
      user.id,
      ttl,
    ]);
    await guard.succeeded(tx, req, account);
    await tx.query('delete from tokens where user_id = $1 and expires_at < now()', [user.id]);
    await writeOperLog(tx, req, { action: 'login', module: 'auth', recordId: user.id, detail: '登录成功', user });
  });
  await logAttempt(db, req, account, true, '登录成功');
  return token;
}
