import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Job } from '../jobs/leader.ts';
import { ApiError, badRequest, notFound } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';

/**
 * The sign-in guard: rate limits on sign-in, captcha images and SMS codes, per client address and
 * per account (@fastify/rate-limit over a store in the database, so every server instance on one
 * database counts together), the captcha after repeated failures of an account or of an address,
 * and account locks after consecutive failures. Every number is in SIGN_IN_LIMITS.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** At most `max` in `windowMs` (a fixed window that starts with the first hit). */
export interface Rule {
  max: number;
  windowMs: number;
}

export interface SignInLimits {
  /** sign-in attempts from one client address that do not succeed (a successful one is given back) */
  loginPerAddress: Rule;
  /** sign-in attempts on one account that do not succeed, from any address */
  loginPerAccount: Rule;
  /** captcha images per client address */
  captchaPerAddress: Rule;
  /** SMS codes requested from one client address */
  smsPerAddress: Rule;
  /** SMS codes sent for one account (the sign-in page's resend countdown is 60 s) */
  smsPerAccount: Rule;
  /** failed sign-ins from one address, on any accounts, after which its sign-ins need the captcha */
  captchaAfterAddressFailures: Rule;
  /** consecutive failures of one account after which its sign-ins need the captcha */
  captchaAfterFailures: number;
  /** consecutive failures of one account that lock it (again after each further so many) … */
  lockAfterFailures: number;
  /** … for this long; an administrator can unlock it sooner in 用户管理 */
  lockMs: number;
  /** an account's failures are forgotten after this long without a new one */
  forgetFailuresMs: number;
  /**
   * Per-address limits of clients on the loopback address (127.0.0.0/8, ::1) are this many times
   * higher: 1 in production; the test suites, whose every request comes from 127.0.0.1, raise it.
   */
  loopbackFactor: number;
}

/** The production numbers (server/README.md, "Sign-in limits"). */
export const SIGN_IN_LIMITS: SignInLimits = {
  loginPerAddress: { max: 20, windowMs: 10 * MINUTE },
  loginPerAccount: { max: 10, windowMs: 10 * MINUTE },
  captchaPerAddress: { max: 20, windowMs: MINUTE },
  smsPerAddress: { max: 10, windowMs: 60 * MINUTE },
  smsPerAccount: { max: 1, windowMs: MINUTE },
  captchaAfterAddressFailures: { max: 5, windowMs: 15 * MINUTE },
  captchaAfterFailures: 3,
  lockAfterFailures: 10,
  lockMs: 15 * MINUTE,
  forgetFailuresMs: 24 * 60 * MINUTE,
  loopbackFactor: 1,
};

/** "45秒", "15分钟", "3分20秒" */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s}秒`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m}分${s % 60}秒` : `${m}分钟`;
}

// ---------------------------------------------------------------------------------------------
// the store

type StoreCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

const INCR = `
  insert into rate_limits as r (key, hits, reset_at) values ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
  on conflict (key) do update set
    hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
    reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
  returning hits, greatest(0, extract(epoch from r.reset_at - now()) * 1000)::float8 as ttl`;

const READ = `select hits, greatest(0, extract(epoch from reset_at - now()) * 1000)::float8 as ttl
                from rate_limits where key = $1 and reset_at > now()`;

/**
 * @fastify/rate-limit's store over the server's database: one row per key, windows on the
 * database's clock, an atomic upsert per hit. No state in the process: a second instance on the
 * same database sees the same counts.
 */
export function databaseStore(db: Db) {
  const answer = (cb: StoreCallback) => (r: { rows: { hits: number; ttl: number }[] }) =>
    cb(null, { current: r.rows[0]?.hits ?? 0, ttl: Math.round(r.rows[0]?.ttl ?? 0) });
  return class DatabaseRateLimitStore {
    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      db.query<{ hits: number; ttl: number }>(INCR, [key, timeWindow]).then(answer(cb), (e: Error) => cb(e));
    }

    /** the count without a hit (`{ increment: false }`) */
    read(key: string, cb: StoreCallback): void {
      db.query<{ hits: number; ttl: number }>(READ, [key]).then(answer(cb), (e: Error) => cb(e));
    }

    // the keys carry their limit's name, so every route shares this one store
    child(): this {
      return this;
    }
  };
}

/** Takes one hit back (a sign-in that succeeded does not count against its address or account). */
async function giveBack(db: Db, key: string): Promise<void> {
  await db.query('update rate_limits set hits = hits - 1 where key = $1 and hits > 0 and reset_at > now()', [key]);
}

// ---------------------------------------------------------------------------------------------
// the limits

const isLoopback = (ip: string): boolean => ip === '::1' || /^(::ffff:)?127\./.test(ip);

/** The client's address as the limits count it (an IPv6 client by its /64). */
export const addressOf = (req: FastifyRequest): string => normalizeIP(req.ip ?? '');

interface Outcome {
  exceeded: boolean;
  /** seconds until the window ends */
  retryAfter: number;
  max: number;
}

/** One counted limit: `name` + what it counts by (the client's address or an account). */
export class Limit {
  private readonly check: ReturnType<FastifyInstance['createRateLimit']>;

  constructor(
    app: FastifyInstance,
    readonly name: string,
    rule: () => Rule,
    private readonly subject: (req: FastifyRequest) => string,
    /** the refusal's first words; the time to wait follows */
    private readonly message: string,
    loopbackFactor?: () => number,
  ) {
    this.check = app.createRateLimit({
      keyGenerator: (req) => this.key(req),
      max: (req) => (loopbackFactor && isLoopback(req.ip ?? '') ? Math.round(rule().max * loopbackFactor()) : rule().max),
      timeWindow: () => rule().windowMs,
    });
  }

  key(req: FastifyRequest): string {
    return `${this.name}:${this.subject(req)}`;
  }

  private async run(req: FastifyRequest, increment: boolean): Promise<Outcome> {
    const r = await this.check(req, { increment });
    if (r.isAllowed) return { exceeded: false, retryAfter: 0, max: Infinity };
    return { exceeded: increment ? r.isExceeded : r.remaining === 0, retryAfter: Math.max(1, r.ttlInSeconds), max: r.max };
  }

  /** Counts the request; over the limit it answers the refusal (code 429, the wait in msg, data.retryAfter and Retry-After). */
  async hit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const o = await this.run(req, true);
    if (o.exceeded) throw tooMany(reply, this.message, o.retryAfter, o.max);
  }

  /** Counts without refusing (failures that later decide something). */
  async count(req: FastifyRequest): Promise<void> {
    await this.run(req, true);
  }

  /** Whether the count has reached the limit, without counting. */
  async reached(req: FastifyRequest): Promise<boolean> {
    return (await this.run(req, false)).exceeded;
  }

  /** A refusal before the request was read: for onRequest. */
  get hook(): onRequestAsyncHookHandler {
    return async (req, reply) => this.hit(req, reply);
  }
}

function tooMany(reply: FastifyReply, message: string, retryAfter: number, max: number): ApiError {
  reply
    .header('retry-after', retryAfter)
    .header('x-ratelimit-limit', max)
    .header('x-ratelimit-remaining', 0)
    .header('x-ratelimit-reset', retryAfter);
  return new ApiError(429, `${message}，请${waitText(retryAfter)}后再试`, { retryAfter });
}

// ---------------------------------------------------------------------------------------------
// account locks

export interface AccountState {
  failCount: number;
  /** seconds the account stays locked; 0 = not locked */
  lockedFor: number;
}

/** An account's consecutive failures and lock (an account nobody holds has them too: the answers never tell them apart). */
export async function accountState(db: Db, account: string): Promise<AccountState> {
  const { rows } = await db.query<{ fail_count: number; locked_for: number }>(
    `select fail_count, greatest(0, ceil(extract(epoch from locked_until - now())))::float8 as locked_for
       from login_attempts where account = $1`,
    [account],
  );
  return { failCount: rows[0]?.fail_count ?? 0, lockedFor: rows[0]?.locked_for ?? 0 };
}

/** A refusal that carries the lock: its message, data.locked and data.retryAfter, and Retry-After. */
export function lockedError(reply: FastifyReply, msg: string, retryAfter: number): ApiError {
  reply.header('retry-after', retryAfter);
  return badRequest(msg, { locked: true, retryAfter, captchaRequired: true });
}

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
    const body = (field: string) => (req: FastifyRequest) => String((req.body as Record<string, unknown> | undefined)?.[field] ?? '');
    const l = this.limits;
    this.loginPerAddress = new Limit(app, 'login:addr', () => l.loginPerAddress, addressOf, '登录尝试过于频繁', factor);
    this.loginPerAccount = new Limit(app, 'login:account', () => l.loginPerAccount, body('account'), '该账号登录尝试过于频繁');
    this.captchaPerAddress = new Limit(app, 'captcha:addr', () => l.captchaPerAddress, addressOf, '获取验证码过于频繁', factor);
    this.smsPerAddress = new Limit(app, 'sms:addr', () => l.smsPerAddress, addressOf, '发送短信验证码过于频繁', factor);
    this.smsPerAccount = new Limit(app, 'sms:account', () => l.smsPerAccount, body('username'), '该账号的短信验证码发送过于频繁');
    this.addressFailures = new Limit(app, 'login-fail:addr', () => l.captchaAfterAddressFailures, addressOf, '', factor);
  }

  /** Whether this sign-in must pass the captcha: the account's or the address's failures. */
  async captchaRequired(req: FastifyRequest, state: AccountState): Promise<boolean> {
    return state.failCount >= this.limits.captchaAfterFailures || (await this.addressFailures.reached(req));
  }

  /**
   * A wrong password (or SMS code): one more consecutive failure of the account, locking it at
   * every lockAfterFailures-th, and one more failure of the address. Answers the new count and,
   * when this failure locked the account, for how many seconds.
   */
  async recordFailure(req: FastifyRequest, account: string): Promise<{ failCount: number; lockedFor: number }> {
    const { lockAfterFailures, lockMs } = this.limits;
    const { rows } = await this.db.query<{ fail_count: number; locked: boolean }>(
      `insert into login_attempts as a (account, fail_count, last_failed_at, locked_until)
         values ($1, 1, now(), case when $2::int = 1 then now() + make_interval(secs => $3::float8 / 1000) end)
       on conflict (account) do update set
         fail_count = a.fail_count + 1,
         last_failed_at = now(),
         locked_until = case when (a.fail_count + 1) % $2::int = 0 then now() + make_interval(secs => $3::float8 / 1000) else a.locked_until end
       returning fail_count, fail_count % $2::int = 0 as locked`,
      [account, lockAfterFailures, lockMs],
    );
    await this.addressFailures.count(req);
    return { failCount: rows[0].fail_count, lockedFor: rows[0].locked ? Math.ceil(lockMs / 1000) : 0 };
  }

  /** A sign-in succeeded: the account's failures are cleared (in `tx`) and the attempt is not counted against the address or the account. */
  async succeeded(tx: Db, req: FastifyRequest, account: string): Promise<void> {
    await tx.query('delete from login_attempts where account = $1', [account]);
    await giveBack(tx, this.loginPerAddress.key(req));
    await giveBack(tx, `${this.loginPerAccount.name}:${account}`);
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
      const { rows } = await tx.query<{ locked: boolean }>(
        'delete from login_attempts where account = $1 returning coalesce(locked_until > now(), false) as locked',
        [user.account],
      );
      await tx.query('delete from rate_limits where key = $1', [`${this.loginPerAccount.name}:${user.account}`]);
      const locked = rows[0]?.locked ?? false;
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
  const { forgetFailuresMs } = { ...SIGN_IN_LIMITS, ...limits };
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
    },
  };
}
