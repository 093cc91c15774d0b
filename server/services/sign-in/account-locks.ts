import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/database.ts';
import { type ApiError, badRequest } from '../../lib/envelope.ts';

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
 * One more consecutive failure of the account, locking it at every `lockAfterFailures`-th for
 * `lockMs`. Answers the new count and whether this failure locked it.
 */
export async function recordAccountFailure(
  db: Db,
  account: string,
  lockAfterFailures: number,
  lockMs: number,
): Promise<{ failCount: number; locked: boolean }> {
  const { rows } = await db.query<{ fail_count: number; locked: boolean }>(
    `insert into login_attempts as a (account, fail_count, last_failed_at, locked_until)
       values ($1, 1, now(), case when $2::int = 1 then now() + make_interval(secs => $3::float8 / 1000) end)
     on conflict (account) do update set
       fail_count = a.fail_count + 1,
       last_failed_at = now(),
       locked_until = case when (a.fail_count + 1) % $2::int = 0 then now() + make_interval(secs => $3::float8 / 1000) else a.locked_until end
     returning fail_count, fail_count % $2::int = 0 as locked`,
    [account, lockAfterFailures, lockMs],
  );
  return { failCount: rows[0].fail_count, locked: rows[0].locked };
}

/** Whether `account` signed in successfully from `address` within the last `days` days. */
export async function isKnownAddress(db: Db, account: string, address: string, days: number): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from sign_in_addresses
      where account = $1 and address = $2 and last_success_at > now() - make_interval(days => $3::int)`,
    [account, address, days],
  );
  return rows.length > 0;
}

/** Remembers a successful sign-in of `account` from `address`. */
export async function rememberAddress(db: Db, account: string, address: string): Promise<void> {
  await db.query(
    `insert into sign_in_addresses (account, address) values ($1, $2)
     on conflict (account, address) do update set last_success_at = now()`,
    [account, address],
  );
}

/**
 * A sign-in from a new address succeeded: the account's failures are cleared, unless it is locked.
 * A lock the owner walked through (with the captcha) keeps slowing whoever caused it.
 */
export async function clearFailuresUnlessLocked(db: Db, account: string): Promise<void> {
  await db.query('delete from login_attempts where account = $1 and (locked_until is null or locked_until <= now())', [account]);
}

/** Clears an account's failures and lock; answers whether it was locked. */
export async function clearAccountFailures(db: Db, account: string): Promise<boolean> {
  const { rows } = await db.query<{ locked: boolean }>(
    'delete from login_attempts where account = $1 returning coalesce(locked_until > now(), false) as locked',
    [account],
  );
  return rows[0]?.locked ?? false;
}
