import type { Database, Db } from '../db/database.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/outage.ts';
import { expired, forbidden } from './envelope.ts';
import { loadUserAccess, type UserAccess } from '../services/user-access.ts';
import { SESSION_CACHE_MS, SESSION_CHANNEL, SessionCache, listenForSessionChanges } from './session-cache.ts';

/**
 * What a route needs: 'public' (no token), 'login' (any valid token), or a permission:
 * any one of the listed menu enCodes or button codes.
 */
export type Access = 'public' | 'login' | { menus?: string[]; buttons?: string[] };

export interface AuthInfo {
  userId: string;
  account: string;
  realName: string;
  token: string;
  /** the lots the user is limited to; null = every lot */
  lots: string[] | null;
  access?: UserAccess;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** the `data` of a successful answer, for the OpenAPI description (not used to serialise) */
    data?: unknown;
    /** a GET or public route that ends or changes sessions (sign-out): answered only after session memories are cleared */
    changesSessions?: boolean;
  }
}

/** The hex token from `Authorization: Bearer <hex>` (prefix optional), or null. */
export function tokenFromRequest(req: FastifyRequest): string | null {
  const raw = req.headers.authorization;
  if (typeof raw !== 'string') return null;
  const token = raw.trim().replace(/^Bearer\s+/i, '');
  return /^[0-9a-f]{64}$/i.test(token) ? token.toLowerCase() : null;
}

type Session = Omit<AuthInfo, 'access'>;

/** The session of a token, and when the token expires; null when it is unknown, expired or its user is disabled. */
export async function findSession(db: Db, token: string): Promise<{ value: Session; expiresAt: number } | null> {
  const { rows } = await db.query<{ id: string; account: string; real_name: string; lots: string[]; expires_at: Date | string }>(
    `select u.id, u.account, u.real_name, t.expires_at,
            array(select parking_id from user_parking where user_id = u.id order by parking_id) as lots
       from tokens t join users u on u.id = t.user_id
      where t.token = $1 and t.expires_at > now() and u.status = 1`,
    [token],
  );
  const u = rows[0];
  if (!u) return null;
  const value = { userId: u.id, account: u.account, realName: u.real_name, token, lots: u.lots.length ? u.lots : null };
  return { value, expiresAt: new Date(u.expires_at).getTime() };
}

/** how often a lost session listener tries to listen again */
const LISTEN_RETRY_MS = 1000;

export interface AuthOptions {
  /** PostgreSQL's address, for the connection that hears other instances' session changes */
  databaseUrl?: string;
  /** how long a session or access lookup may be reused (SESSION_CACHE_MS; 0 = never) */
  sessionCacheMs?: number;
}

/**
 * Installs the token and permission check. Every /api route must declare config.access.
 * Lookups are remembered briefly (lib/session-cache.ts): on PGlite (one process owns the data) at
 * once; on PostgreSQL only while this instance hears the others' changes (`databaseUrl`).
 */
export function installAuth(app: FastifyInstance, db: Db, opts: AuthOptions = {}): void {
  app.decorateRequest('auth', null);
  const ttl = opts.sessionCacheMs ?? SESSION_CACHE_MS;
  const cache = new SessionCache<Session, UserAccess>(ttl, false);
  // read at the first request, not at registration: the page checker registers over a database stand-in
  let kind: Database['kind'] | undefined | null = null;
  const kindOf = () => {
    if (kind !== null) return kind;
    kind = (db as Partial<Database>).kind;
    if (kind === 'pglite' && ttl > 0) cache.enabled = true;
    return kind;
  };

  if (ttl > 0 && opts.databaseUrl) {
    let stop: (() => Promise<void>) | null = null;
    let closing = false;
    let retry: NodeJS.Timeout | undefined;
    // listening again after an outage: until then every request looks its session up
    const listen = async (): Promise<void> => {
      stop = await listenForSessionChanges(
        opts.databaseUrl!,
        () => cache.clear(),
        (e) => {
          cache.enabled = false;
          cache.clear();
          app.log.warn({ err: e }, 'session change listener lost: sessions are looked up on every request until it is back');
          stop = null;
          if (!closing) retry = setTimeout(again, LISTEN_RETRY_MS).unref();
        },
      );
      cache.enabled = true;
    };
    const again = (): void => {
      if (closing) return;
      listen().catch(() => {
        if (!closing) retry = setTimeout(again, LISTEN_RETRY_MS).unref();
      });
    };
    app.addHook('onReady', listen);
    app.addHook('preClose', async () => {
      closing = true;
      clearTimeout(retry);
      cache.enabled = false;
      await stop?.();
    });
  }

  /** clears this instance's memory and, on PostgreSQL, announces the change before the answer leaves */
  const sessionsChanged = async (): Promise<void> => {
    cache.clear();
    if (kindOf() === 'postgres') await db.query('select pg_notify($1, $2)', [SESSION_CHANNEL, '']);
  };

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
  });

  // before validation: a caller without the right learns nothing about the input rules
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    kindOf();
    const token = tokenFromRequest(req);
    const found = token ? await cache.session(token, () => findSession(db, token)) : null;
    if (!found) throw expired();
    // a copy per request: handlers may add to it
    const session: AuthInfo = { ...found };
    req.auth = session;
    if (access === 'login') return;
    session.access = await cache.userAccess(session.userId, () => loadUserAccess(db, session.userId));
    const { menuCodes, buttons } = session.access;
    const allowed = (access.menus ?? []).some((m) => menuCodes.has(m)) || (access.buttons ?? []).some((b) => buttons.includes(b));
    if (!allowed) throw forbidden();
  });

  // any write by a signed-in user may change someone's session or access: forget before answering
  app.addHook('onSend', async (req, _reply, payload) => {
    const write = req.auth !== null && req.method !== 'GET' && req.method !== 'HEAD';
    if (write || req.routeOptions.config?.changesSessions) {
      try {
        await sessionsChanged();
      } catch (e) {
        // the write is done (or failed) already; with the database away no instance remembers
        // sessions (their listeners are lost too), and any memory lapses within the cache's ttl
        if (!isDatabaseUnavailable(e)) throw e;
        req.log.warn('session change not announced: the database is unavailable');
      }
    }
    return payload;
  });
}
