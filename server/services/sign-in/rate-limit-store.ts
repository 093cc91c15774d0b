import type { Db } from '../../db/database.ts';

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
export async function giveBack(db: Db, key: string): Promise<void> {
  await db.query('update rate_limits set hits = hits - 1 where key = $1 and hits > 0 and reset_at > now()', [key]);
}
