import { randomBytes } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * The server's log: Fastify's own pino, one JSON line per event (`LOG=json`, the default of
 * `npm start` and `npm run server`), a short line in `npm run dev` (`LOG=pretty`), or nothing
 * (`LOG=0`, tests). Each request gives one line: its id (also sent as `x-request-id` and shown in
 * the console's error notices), the user's account, method, route pattern (never the query
 * string), status and duration. Health and readiness probes log at debug only.
 * What must never reach a log is masked in every line as it is written (`maskSecrets`).
 */
export type LogFormat = 'json' | 'pretty' | false;

export const REQUEST_ID_HEADER = 'x-request-id';

/** routes a load balancer asks every few seconds: their lines would bury the rest */
const QUIET_ROUTES = new Set(['/api/health', '/api/ready']);

/** tokens (64 hex), MD5 password digests (32 hex) and longer hex runs; mainland mobile numbers but their first 3 and last 4 digits */
const HEX_SECRET = /(?<![0-9A-Za-z])[0-9a-fA-F]{32,}(?![0-9A-Za-z])/g;
const PHONE = /(?<![0-9A-Za-z])(1[3-9]\d)\d{4}(\d{4})(?![0-9A-Za-z])/g;

export function maskSecrets(line: string): string {
  return line.replace(HEX_SECRET, '[redacted]').replace(PHONE, '$1****$2');
}

/** a short id, unique enough to find one request among a day's lines */
export const newRequestId = (): string => randomBytes(8).toString('base64url');

/** one line per request, when it is answered; Fastify's "incoming request" line is left out */
class RequestLines extends LogController {
  incomingRequest(): void {}

  requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const route = req.routeOptions.url ?? req.url.split('?')[0];
    const line = {
      account: req.auth?.account,
      method: req.method,
      route,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ...(error ? { err: error } : {}),
    };
    if (error) reply.log.error(line, 'request errored');
    else if (QUIET_ROUTES.has(route)) reply.log.debug(line, 'request');
    else reply.log.info(line, 'request');
  }

  routeNotFound(): void {} // the request line says 404
}

const CHINA_OFFSET_MS = 8 * 3600_000;

/** pino's options as Fastify takes them (Fastify creates its own pino from them) */
export type LogOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** a short human line per event for `npm run dev`: time, level, message, then the fields */
function prettyStream(out: NodeJS.WritableStream): { write(line: string): void } {
  const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
  return {
    write(line: string) {
      try {
        const { level, time, msg, reqId, pid: _p, hostname: _h, err, ...rest } = JSON.parse(line) as Record<string, unknown>;
        const clock = new Date((time as number) + CHINA_OFFSET_MS).toISOString().slice(11, 19); // China time, as on every screen
        const fields = Object.entries(rest)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
        const e = err as { message?: string; stack?: string } | undefined;
        out.write(`${clock} ${LEVELS[level as number] ?? level} ${msg ?? ''}${reqId ? ` [${reqId}]` : ''} ${fields.join(' ')}\n`);
        if (e?.stack) out.write(`${e.stack}\n`);
      } catch {
        out.write(line);
      }
    },
  };
}

/** The log in `format` writing to `out` (default stdout), every line masked. */
export function createLogger(format: Exclude<LogFormat, false>, out: NodeJS.WritableStream = process.stdout): LogOptions {
  return { level: 'info', hooks: { streamWrite: maskSecrets }, stream: format === 'pretty' ? prettyStream(out) : out };
}

/** Fastify's options for `logger` (none: no log), one line per request, and the request id it answers in every response. */
export function loggingOptions(
  logger: LogOptions | undefined,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId' | 'requestIdHeader'> {
  return {
    logger: logger ?? false,
    logController: new RequestLines(),
    genReqId: newRequestId,
    requestIdHeader: false,
  };
}
