import type { Db } from '../db/database.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { expired, forbidden } from './envelope.ts';
import { loadUserAccess, type UserAccess } from '../services/user-access.ts';

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
  }
}

/** The hex token from `Authorization: Bearer <hex>` (prefix optional), or null. */
export function tokenFromRequest(req: FastifyRequest): string | null {
  const raw = req.headers.authorization;
  if (typeof raw !== 'string') return null;
  const token = raw.trim().replace(/^Bearer\s+/i, '');
  return /^[0-9a-f]{64}$/i.test(token) ? token.toLowerCase() : null;
}

export async function findSession(db: Db, token: string): Promise<AuthInfo | null> {
  const { rows } = await db.query<{ id: string; account: string; real_name: string; lots: string[] }>(
    `select u.id, u.account, u.real_name, array(select parking_id from user_parking where user_id = u.id order by parking_id) as lots
       from tokens t join users u on u.id = t.user_id
      where t.token = $1 and t.expires_at > now() and u.status = 1`,
    [token],
  );
  const u = rows[0];
  return u ? { userId: u.id, account: u.account, realName: u.real_name, token, lots: u.lots.length ? u.lots : null } : null;
}

/** Installs the token and permission check. Every /api route must declare config.access. */
export function installAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
  });

  // before validation: a caller without the right learns nothing about the input rules
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    const token = tokenFromRequest(req);
    const session = token ? await findSession(db, token) : null;
    if (!session) throw expired();
    req.auth = session;
    if (access === 'login') return;
    session.access = await loadUserAccess(db, session.userId);
    const { menuCodes, buttons } = session.access;
    const allowed = (access.menus ?? []).some((m) => menuCodes.has(m)) || (access.buttons ?? []).some((b) => buttons.includes(b));
    if (!allowed) throw forbidden();
  });
}
