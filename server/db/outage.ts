/**
 * Telling "the database is not there" (PostgreSQL stopped, restarting, failing over, unreachable)
 * from every other failure: such a request answers 503 "数据库暂不可用，请稍后重试" and the
 * background jobs wait quietly, instead of a 500 with a stack or a crashed process.
 */

export const DB_UNAVAILABLE_MSG = '数据库暂不可用，请稍后重试';

/** socket errors, and SQLSTATEs of a server that is shutting down, starting up or out of connections */
const CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: "terminating connection due to administrator command"
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

/** what node-postgres and pg-pool say when a connection ends, or none comes in time */
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection ended unexpectedly|terminating connection/i;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (CODES.has(e.code) || e.code.startsWith('08'))) return true; // class 08: connection exception
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  // AggregateError (a connect to several addresses) and wrapped causes
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
