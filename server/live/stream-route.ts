import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { forbidden, notFound } from '../lib/envelope.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import type { LiveHub, Send } from './hub.ts';
import { mayWatch } from './screen-access.ts';
import { findSession } from '../lib/auth.ts';
import type { ScreenDef } from './screen.ts';
import type { Db } from '../db/database.ts';

/**
 * `GET /api/live/:screen/Stream`: one server-sent-events stream per open screen, multiplexing its
 * panels (`event: update`, JSON `LiveUpdate`: only the panels that changed, all of them first).
 * Signed in like every route: the console reads it with fetch and the Authorization header (an
 * EventSource cannot send one), so no ticket or cookie is needed. A viewer that cannot keep up
 * (a frozen tab) is let go rather than buffered without end.
 */

const MAX_BUFFERED = 1 << 20;

/** how often an open stream checks that its session still holds (a wall signed out elsewhere stops) */
export const SESSION_RECHECK_MS = 60_000;

export function registerLiveStream(
  fastify: FastifyInstance,
  db: Db,
  hub: LiveHub,
  screens: Record<string, ScreenDef>,
  sessionRecheckMs = SESSION_RECHECK_MS,
): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const open = new Set<() => void>();
  fastify.addHook('preClose', async () => [...open].forEach((end) => end()));

  app.get(
    '/api/live/:screen/Stream',
    {
      schema: {
        params: Type.Object({ screen: Type.String({ title: '大屏', maxLength: 40 }) }),
        summary: '大屏数据推送（text/event-stream）：每个大屏一条连接，数据变化时推送，至少每10秒一次',
      },
      config: { access: 'login' },
    },
    async (req, reply) => {
      const screen = Object.hasOwn(screens, req.params.screen) ? screens[req.params.screen] : undefined;
      if (!screen) throw notFound();
      if (!(await mayWatch(db, req.auth!.userId, screen.path))) throw forbidden();

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      res.write(': live\n\n');
      let leave = (): void => {};
      // the session and the grant are checked again now and then: a password change, a sign-out or
      // a role taken away ends the stream; the console then hears why when it connects again
      const { userId, token } = req.auth!;
      const recheck = setInterval(() => {
        void (async () => {
          const session = await findSession(db, token);
          if (!session || !(await mayWatch(db, userId, screen.path))) end();
        })().catch(() => {
          // the database away: the stream says so by itself (event: unavailable); check next time
        });
      }, sessionRecheckMs);
      recheck.unref();
      const end = (): void => {
        clearInterval(recheck);
        leave();
        open.delete(end);
        if (!res.writableEnded) res.end();
      };
      const send: Send = (kind, body) => {
        if (res.writableLength > MAX_BUFFERED) return end();
        res.write(`event: ${kind}\ndata: ${JSON.stringify(body)}\n\n`);
      };
      open.add(end);
      leave = hub.join(screen, { lots: req.auth!.lots }, send);
      // the response's close, not the request's: a GET's request closes as soon as it has been read
      res.on('close', end);
    },
  );
}
