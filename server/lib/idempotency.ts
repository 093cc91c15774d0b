import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { ApiError, badRequest } from './envelope.ts';
import { isDatabaseUnavailable } from '../db/outage.ts';

/**
 * Idempotent writes: a non-GET request carrying an `Idempotency-Key` header (the console's fetcher
 * sends one per request, and the same one when it sends the request again) is run once per caller
 * and key. The first claims the key in its own committed row before the handler runs; a repeat with
 * the same method, path and body answers the first answer (`idempotent-replay: true`) and moves
 * nothing; a repeat while the first is still running waits for it (up to WAIT_MS); a different
 * request under a used key is refused. An answer that says the server could not decide (5xx, the
 * database away) frees the key, so the retry runs. Keys are kept for a day.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_RE = /^[A-Za-z0-9_.:-]{8,100}$/;
const WAIT_MS = 10_000;
const POLL_MS = 50;
const KEEP = "interval '1 day'";

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { account: string; key: string };
  }
}

const requestHash = (req: FastifyRequest): string =>
  createHash('sha256')
    .update(`${req.method} ${req.url}\n${req.body === undefined ? '' : JSON.stringify(req.body)}`)
    .digest('hex');

/** Whose key it is: the signed-in user, else (public pages) the caller's address. */
const accountOf = (req: FastifyRequest): string => req.auth?.userId ?? `ip:${req.ip}`;

interface Kept {
  request_hash: string;
  done: boolean;
  http_status: number | null;
  response: string | null;
}

async function replay(reply: FastifyReply, k: Kept): Promise<FastifyReply> {
  return reply
    .code(k.http_status ?? 200)
    .header('idempotent-replay', 'true')
    .type('application/json; charset=utf-8')
    .send(k.response);
}

export function installIdempotency(app: FastifyInstance, db: Db): void {
  // after the token check and validation: a request that would be refused claims nothing
  app.addHook('preHandler', async (req, reply) => {
    const key = req.headers[IDEMPOTENCY_HEADER];
    if (key === undefined || req.method === 'GET' || req.method === 'HEAD') return;
    if (typeof key !== 'string' || !KEY_RE.test(key)) throw badRequest('Idempotency-Key 格式不正确（8–100位字母、数字或 _ . : -）');
    const account = accountOf(req);
    const hash = requestHash(req);
    const claimed = await db.query(
      `insert into idempotency_key (account, key, request_hash) values ($1, $2, $3) on conflict (account, key) do nothing`,
      [account, key, hash],
    );
    if (claimed.rowCount === 1) {
      req.idempotency = { account, key };
      return;
    }
    for (let waited = 0; ; waited += POLL_MS) {
      const { rows } = await db.query<Kept>(
        'select request_hash, done, http_status, response from idempotency_key where account = $1 and key = $2',
        [account, key],
      );
      const k = rows[0];
      if (!k) throw new ApiError(409, '上一次相同的请求未能完成，请重新提交', null, 409);
      if (k.request_hash !== hash) throw new ApiError(422, '该 Idempotency-Key 已用于另一个请求，请为新的请求使用新的键', null, 422);
      if (k.done) return replay(reply, k);
      if (waited >= WAIT_MS) throw new ApiError(409, '相同的请求正在处理中，请稍后刷新查看结果', null, 409);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const claim = req.idempotency;
    if (!claim) return payload;
    req.idempotency = undefined;
    try {
      if (reply.statusCode >= 500)
        await db.query('delete from idempotency_key where account = $1 and key = $2', [claim.account, claim.key]);
      else
        await db.query(
          `update idempotency_key set done = true, http_status = $3, response = $4, finish_time = now() where account = $1 and key = $2`,
          [claim.account, claim.key, reply.statusCode, typeof payload === 'string' ? payload : null],
        );
      // a few old keys go with each new answer: no job, and the table stays a day deep
      if (Math.random() < 0.05) await db.query(`delete from idempotency_key where create_time < now() - ${KEEP}`);
    } catch (e) {
      // the write is done; its key stays "running" and a repeat is told to look, never run twice
      if (!isDatabaseUnavailable(e)) throw e;
      req.log.warn('idempotency key not recorded: the database is unavailable');
    }
    return payload;
  });
}
