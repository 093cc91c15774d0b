import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/database.ts';
import { type ChangeFeed, pgliteFeed } from './change-feed.ts';
import { LiveHub } from './hub.ts';
import { postgresFeed } from './postgres-feed.ts';
import { registerLiveStream } from './stream-route.ts';
import { LIVE_SCREENS } from './screens/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the big screens' channels (tests and the soak script watch them end) */
    liveHub: LiveHub;
  }
}

/** A burst of writes → at most one update a second; without writes, one every 10 s. */
export const LIVE_MIN_GAP_MS = 1000;
export const LIVE_MAX_GAP_MS = 10_000;

export interface LiveOptions {
  /** PostgreSQL's address: the change feed listens on a connection of its own */
  databaseUrl?: string;
  minGapMs?: number;
  maxGapMs?: number;
  /** how often an open stream checks its session (default a minute) */
  sessionRecheckMs?: number;
}

/**
 * The big screens' push: the stream route, and at start-up the change feed (PGlite's own LISTEN,
 * or a dedicated PostgreSQL connection that reconnects). Registration reads nothing from the
 * database (the page checker registers over a stand-in).
 */
export function registerLive(app: FastifyInstance, db: Db, opts: LiveOptions = {}): LiveHub {
  const log = (msg: string, e?: unknown) => app.log.warn({ err: e }, msg);
  const hub = new LiveHub(db, { minGapMs: opts.minGapMs ?? LIVE_MIN_GAP_MS, maxGapMs: opts.maxGapMs ?? LIVE_MAX_GAP_MS, log });
  registerLiveStream(app, db, hub, LIVE_SCREENS, opts.sessionRecheckMs);
  app.decorate('liveHub', hub);
  let feed: ChangeFeed | null = null;
  app.addHook('onReady', async () => {
    // the page and API checkers register over a stand-in that throws when touched: it has no kind
    const database = 'kind' in db ? (db as Database) : null;
    if (opts.databaseUrl) feed = await postgresFeed(opts.databaseUrl, { log });
    else if (database?.kind === 'pglite' && database.pglite) feed = await pgliteFeed(database.pglite);
    if (feed) hub.listen(feed);
  });
  app.addHook('preClose', async () => {
    hub.close();
    await feed?.close();
  });
  return hub;
}
