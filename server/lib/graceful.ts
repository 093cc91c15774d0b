import type { FastifyInstance } from 'fastify';

/**
 * A graceful stop (SIGTERM from a deployment or a scale-down, SIGINT): no new connections; the jobs
 * stop and give their leases back (app.ts), so another instance takes the simulators over at its
 * next tick; requests in flight finish, their connections closing after the answer, and after
 * SHUTDOWN_GRACE_MS the rest are cut; the database closes; the process exits 0, at the latest
 * SHUTDOWN_FINAL_MS after the cut.
 */
export const SHUTDOWN_GRACE_MS = 10_000;
/** After the cut, this long for the jobs and the database to close; then the process exits anyway (a statement still running is rolled back). */
export const SHUTDOWN_FINAL_MS = 3_000;

/** Answers given while the server is closing end their keep-alive connection, so closing does not wait for idle clients. */
export function installClosingConnections(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}

export function stopOnSignals(app: FastifyInstance): void {
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing the requests in flight');
    const force = setTimeout(() => {
      app.log.warn(`requests still in flight after ${SHUTDOWN_GRACE_MS / 1000} s: closing their connections`);
      app.server.closeAllConnections();
      // a long statement keeps the database (and app.close) waiting: the deadline is a deadline
      setTimeout(() => {
        app.log.warn('the database did not close in time: exiting');
        process.exit(0);
      }, SHUTDOWN_FINAL_MS).unref();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => {
        clearTimeout(force);
        app.log.info('stopped');
        process.exit(0);
      },
      (e: unknown) => {
        app.log.error({ err: e }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
