import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Job } from '../../jobs/leader.ts';
import { notFound } from '../../lib/envelope.ts';
import { writeOperLog } from '../../lib/oper-log.ts';
import {
  type AccountState,
  clearAccountFailures,
  clearFailuresUnlessLocked,
  isKnownAddress,
  recordAccountFailure,
  rememberAddress,
} from './account-locks.ts';
import { MINUTE, SIGN_IN_LIMITS, type SignInLimits } from './limit-policy.ts';
import { Limit, addressOf } from './limits.ts';
import { databaseStore, giveBack } from './rate-limit-store.ts';

/**
 * The sign-in guard: rate limits on sign-in, captcha images and SMS codes, per client address and
 * per account (@fastify/rate-limit over a store in the database, so every server instance on one
 * database counts together), the captcha after repeated failures of an account or of an address,
 * and account locks after consecutive failures. Every number is in SIGN_IN_LIMITS
 * (limit-policy.ts); the store, the limits and the lock bookkeeping are beside it.
 */

/**
 * The sign-in guard of one server: its numbers, the limits built on @fastify/rate-limit, and the
 * account-lock bookkeeping. Built by installSignInGuard.
 */
export class SignInGuard {
  readonly loginPerAddress: Limit;
  readonly loginPerAccount: Limit;
  readonly captchaPerAddress: Limit;
  readonly smsPerAddress: Limit;
  readonly smsPerAccount: Limit;
  /** failed sign-ins per address: from the limit on, that address's sign-ins need the captcha */
  readonly addressFailures: Limit;

  constructor(
    app: FastifyInstance,
    private readonly db: Db,
    readonly limits: SignInLimits,
  ) {
    const factor = () => this.limits.loopbackFactor;
    // one limit serves routes with different bodies, so it reads its field by name
    const body = (field: string) => (req: FastifyRequest) =>
      String((typeof req.body === 'object' && req.body !== null ? Reflect.get(req.body, field) : undefined) ?? '');
    const l = this.limits;
    this.loginPerAddress = new Limit(app, 'login:addr', () => l.loginPerAddress, addressOf, '登录尝试过于频繁', factor);
    this.loginPerAccount = new Limit(app, 'login:account', () => l.loginPerAccount, body('account'), '该账号登录尝试过于频繁');
    this.captchaPerAddress = new Limit(app, 'captcha:addr', () => l.captchaPerAddress, addressOf, '获取验证码过于频繁', factor);
    this.smsPerAddress = new Limit(app, 'sms:addr', () => l.smsPerAddress, addressOf, '发送短信验证码过于频繁', factor);
    this.smsPerAccount = new Limit(app, 'sms:account', () => l.smsPerAccount, body('username'), '该账号的短信验证码发送过于频繁');
    this.addressFailures = new Limit(app, 'login-fail:addr', () => l.captchaAfterAddressFailures, addressOf, '', factor);
  }

  /**
   * Whether this sign-in must pass the captcha: the account's or the address's failures; from an
   * address the account signed in from before (`known`), only that address's own failures.
   */
  async captchaRequired(req: FastifyRequest, state: AccountState, known = false): Promise<boolean> {
    return (!known && state.failCount >= this.limits.captchaAfterFailures) || (await this.addressFailures.reached(req));
  }

  /** Whether the account signed in successfully from this client's address before (knownAddressDays). */
  knownAddress(req: FastifyRequest, account: string): Promise<boolean> {
    return isKnownAddress(this.db, account, addressOf(req), this.limits.knownAddressDays);
  }

  /**
   * A wrong password (or SMS code): one more consecutive failure of the account, locking it at
   * every lockAfterFailures-th, and one more failure of the address. Answers the new count and,
   * when this failure locked the account, for how many seconds.
   */
  async recordFailure(req: FastifyRequest, account: string): Promise<{ failCount: number; lockedFor: number }> {
    const { lockAfterFailures, lockMs } = this.limits;
    const { failCount, locked } = await recordAccountFailure(this.db, account, lockAfterFailures, lockMs);
    await this.addressFailures.count(req);
    return { failCount, lockedFor: locked ? Math.ceil(lockMs / 1000) : 0 };
  }

  /**
   * A sign-in succeeded (in `tx`): its address is remembered and the attempt is not counted against
   * the address, nor against the account when it was counted there (`accountCounted`). From a new
   * address it clears the account's failures unless the account is locked; from a known one it
   * leaves them alone: there they hold back nobody but strangers, whose guessing they slow.
   */
  async succeeded(tx: Db, req: FastifyRequest, account: string, opts: { known: boolean; accountCounted: boolean }): Promise<void> {
    if (!opts.known) await clearFailuresUnlessLocked(tx, account);
    await rememberAddress(tx, account, addressOf(req));
    await giveBack(tx, this.loginPerAddress.key(req));
    if (opts.accountCounted) await giveBack(tx, `${this.loginPerAccount.name}:${account}`);
  }

  /** Failures left before the account locks. */
  triesLeft(failCount: number): number {
    const n = this.limits.lockAfterFailures;
    return n - (failCount % n);
  }

  /**
   * 用户管理's 解锁: the user's failures, lock and per-account sign-in count are cleared; logged.
   * Answers whether the account was locked.
   */
  async unlock(req: FastifyRequest, userId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const user = await tx.kysely.selectFrom('users').select(['id', 'account']).where('id', '=', userId).executeTakeFirst();
      if (!user) throw notFound();
      const locked = await clearAccountFailures(tx, user.account);
      await tx.query('delete from rate_limits where key = $1', [`${this.loginPerAccount.name}:${user.account}`]);
      await writeOperLog(tx, req, {
        action: 'status',
        module: 'user',
        recordId: user.id,
        detail: `${user.account} ${locked ? '解锁' : '清除登录失败次数'}`,
      });
      return locked;
    });
  }
}

/** Registers @fastify/rate-limit (with the database store; no route limited by default) and builds the guard. */
export async function installSignInGuard(app: FastifyInstance, db: Db, limits: Partial<SignInLimits> = {}): Promise<SignInGuard> {
  await app.register(rateLimit, { global: false, store: databaseStore(db) });
  return new SignInGuard(app, db, { ...SIGN_IN_LIMITS, ...limits });
}

/** Clears what the guard no longer needs: ended windows, failures forgotten, captchas expired. */
export function signInSweepJob(limits: Partial<SignInLimits> = {}): Job {
  const { forgetFailuresMs, knownAddressDays } = { ...SIGN_IN_LIMITS, ...limits };
  return {
    name: 'sign-in-sweep',
    everyMs: 5 * MINUTE,
    async tick(db) {
      await db.query('delete from rate_limits where reset_at < now()');
      await db.query(
        `delete from login_attempts
          where last_failed_at < now() - make_interval(secs => $1::float8 / 1000) and (locked_until is null or locked_until < now())`,
        [forgetFailuresMs],
      );
      await db.query('delete from captchas where expires_at < now()');
      await db.query('delete from sign_in_addresses where last_success_at < now() - make_interval(days => $1::int)', [knownAddressDays]);
    },
  };
}
