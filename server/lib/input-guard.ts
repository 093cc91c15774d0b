import type { FastifyInstance } from 'fastify';
import { badRequest } from './envelope.ts';

/**
 * Control characters (NUL and the rest of C0 except tab and line breaks, and DEL) never belong in
 * the platform's data, and PostgreSQL refuses NUL in text outright. Every query string, path
 * parameter and body is checked before it is validated, whether or not its route has a schema.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function findControl(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return CONTROL.test(v);
  if (depth > 32 || !v || typeof v !== 'object' || Buffer.isBuffer(v)) return false;
  for (const [k, x] of Object.entries(v)) if (CONTROL.test(k) || findControl(x, depth + 1)) return true;
  return false;
}

export const CONTROL_CHAR_MSG = '请求参数包含不允许的控制字符';

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (findControl(req.params) || findControl(req.query) || findControl(req.body)) throw badRequest(CONTROL_CHAR_MSG);
  });
}
