import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DB_UNAVAILABLE_MSG, isDatabaseUnavailable } from '../db/outage.ts';
import { ApiError, MSG } from './envelope.ts';

/** PostgreSQL's constraint errors, in words: what the caller tried could not be kept. */
const CONSTRAINT_REFUSALS: Record<string, (method: string) => string> = {
  // foreign key: deleting a record others use, or pointing at one that is gone
  '23503': (method) => (method === 'DELETE' ? '该记录已被其他数据使用，不能删除' : '关联的记录不存在或已被删除，请刷新后重试'),
  '23505': () => '记录已存在，请勿重复提交',
};

/** Error and not-found handlers: every failure under /api answers in the { code, msg, data } envelope. */
export function installErrorHandling(app: FastifyInstance, logErrors: boolean): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) {
      return reply.status(err.httpStatus).send(err.toEnvelope());
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // body parsing, content type, payload size and schema errors: a client mistake
      const msg = status === 413 ? '请求内容过大' : status === 415 ? '不支持的请求内容类型' : MSG.badRequest;
      return reply.status(200).send({ code: 400, msg, data: null });
    }
    // a rule the database holds that no check before it named: a refusal, never a 500
    const refusal = CONSTRAINT_REFUSALS[(err as { code?: string }).code ?? ''];
    if (refusal) {
      req.log.warn({ err: { code: (err as { code?: string }).code, message: err.message } }, 'refused by a database constraint');
      return reply.status(200).send({ code: 400, msg: refusal(req.method), data: null });
    }
    if (isDatabaseUnavailable(err)) {
      // an outage, not a bug: one short line, and the caller may try again
      if (logErrors) req.log.warn({ err: { code: (err as { code?: unknown }).code, message: err.message } }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ code: 503, msg: DB_UNAVAILABLE_MSG, data: null });
    }
    if (logErrors) req.log.error(err);
    else console.error(`[error] ${req.method} ${req.url}`, err);
    return reply.status(500).send({ code: 500, msg: MSG.internal, data: null });
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      return reply.status(404).send({ code: 404, msg: MSG.noRoute, data: null });
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}

/** JSON bodies: an empty body is {} rather than an error (e.g. POST /api/oauth/captcha). */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('invalid JSON') as FastifyError;
      err.statusCode = 400;
      done(err, undefined);
    }
  });
}

/**
 * Fastify's own refusals before routing (a URL with broken percent-encoding, an over-long path
 * parameter) in the usual envelope: pass as the `frameworkErrors` option.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const msg = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求地址过长' : '请求地址格式不正确';
  void reply.status(200).send({ code: 400, msg, data: null });
}
