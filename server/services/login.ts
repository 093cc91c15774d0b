import type { Db } from '../db/database.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../lib/envelope.ts';
import { randomHex } from '../lib/ids.ts';
import { verifyPassword } from '../lib/password.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { checkCaptcha, checkSmsCode, getConfig } from './captcha.ts';
import { accountState, lockedError } from './sign-in/account-locks.ts';
import type { SignInGuard } from './sign-in/guard-plugin.ts';
import { waitText } from './sign-in/limit-policy.ts';
import { loadUserAccess } from './user-access.ts';

/**
 * The sign-in decision: lock, per-account limit, captcha after repeated failures (of the account or
 * of the client's address), password, status, SMS code, token. The numbers are in sign-in/limit-policy.ts.
 */

const DAY_SECONDS = 86_400;
/** a collector's handheld session (sign-in with origin `pda`) lasts a shift, not a day */
export const SHIFT_SECONDS = 12 * 3600;
/** the button that makes an account a collector (server/routes/pda.ts) */
const COLLECT_BUTTON = 'pda:collect';
/** failures before the lock from which the refusal says how many are left */
const WARN_TRIES_LEFT = 3;

export interface LoginInput {
  account: string;
  password: string;
  code?: string;
  timestamp?: string;
  rememberMe: boolean;
  smsCode?: string;
  /** `pda`: the kerbside handheld's sign-in: collectors only, for a shift */
  origin?: string;
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

/** Adds "show the captcha" to a refusal, so the sign-in page offers the way past it. */
function withCaptcha(e: unknown): unknown {
  return e instanceof ApiError ? new ApiError(e.code, e.message, { ...(e.data as object), captchaRequired: true }, e.httpStatus) : e;
}

/**
 * Runs the whole sign-in; returns the token (without the Bearer prefix) or throws the refusal (code 400, or 429 over a limit).
 *
 * The lock and the per-account limit hold back strangers, not the owner: an attempt from an
 * address the account signed in from before (`known`), or one that carries a solved captcha, is
 * not refused by them. So whoever knows an account name can slow guessing at it, never shut its
 * owner out; every failure still counts, and the per-address limits and the captcha still apply.
 */
export async function login(db: Db, req: FastifyRequest, reply: FastifyReply, guard: SignInGuard, input: LoginInput): Promise<string> {
  const { account } = input;
  const known = await guard.knownAddress(req, account);
  const withCode = Boolean(input.code && input.timestamp);
  const state = await accountState(db, account);

  // a stranger without a captcha: a locked account is refused before anything is checked
  const accountCounted = !known && !withCode;
  if (accountCounted) {
    if (state.lockedFor > 0) {
      await logAttempt(db, req, account, false, '账号已锁定');
      throw lockedError(reply, `账号已锁定（${waitText(state.lockedFor)}后解除），请输入验证码后登录或联系管理员解锁`, state.lockedFor);
    }
    try {
      await guard.loginPerAccount.hit(req, reply);
    } catch (e) {
      await logAttempt(db, req, account, false, '登录尝试过于频繁');
      throw withCaptcha(e);
    }
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
      const required = captchaRequired ?? (await guard.captchaRequired(req, state, known));
      throw badRequest(msg, required ? { captchaRequired: true } : null);
    }
    const after = await guard.recordFailure(req, account);
    if (after.lockedFor > 0) {
      const reason = `连续${after.failCount}次登录失败，账号锁定${waitText(after.lockedFor)}`;
      await logAttempt(db, req, account, false, reason);
      if (user) await writeOperLog(db, req, { action: 'status', module: 'user', recordId: user.id, detail: `${account} ${reason}`, user });
      // the lock holds back strangers: from a known address the owner reads a plain refusal
      if (!known)
        throw lockedError(reply, `${msg}，失败次数过多，账号已锁定${waitText(after.lockedFor)}，期间须输入验证码登录`, after.lockedFor);
    }
    const left = guard.triesLeft(after.failCount);
    const warn = !known && left <= WARN_TRIES_LEFT && after.lockedFor === 0 ? `，再失败${left}次账号将被锁定` : '';
    const required = await guard.captchaRequired(req, { ...state, failCount: after.failCount }, known);
    throw badRequest(msg + warn, required ? { captchaRequired: true } : null);
  };

  // a captcha a stranger sends is always checked: it is what lets them past the lock
  if ((!known && withCode) || (await guard.captchaRequired(req, state, known))) {
    if (!withCode) await fail('请输入验证码', false, true);
    else if (!(await checkCaptcha(db, input.timestamp!, input.code!))) await fail('验证码错误或已过期', false, true);
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

  const shift = input.origin === 'pda';
  if (shift && !(await loadUserAccess(db, user.id)).buttons.includes(COLLECT_BUTTON))
    return fail('该账号不是收费员，不能在手持机上收费；请用收费员账号登录', false);

  const token = randomHex(32);
  const ttl = shift ? SHIFT_SECONDS : input.rememberMe ? 7 * DAY_SECONDS : DAY_SECONDS;
  await db.transaction(async (tx) => {
    await tx.query(`insert into tokens (token, user_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))`, [
      token,
      user.id,
      ttl,
    ]);
    await guard.succeeded(tx, req, account, { known, accountCounted });
    await tx.query('delete from tokens where user_id = $1 and expires_at < now()', [user.id]);
    await writeOperLog(tx, req, { action: 'login', module: 'auth', recordId: user.id, detail: '登录成功', user });
  });
  await logAttempt(db, req, account, true, '登录成功');
  return token;
}
