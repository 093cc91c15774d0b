import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { ok } from '../lib/envelope.ts';
import { lotsOf } from '../resource/lot-scope.ts';
import { loadUserAccess } from '../services/user-access.ts';
import { dashboard } from '../reports/dashboard.ts';
import { simulatorsRunning } from '../live/demo-flag.ts';

/** GET /api/dashboard: the home page's cards and to-dos, for any signed-in user (each card checks its own menu). */
export function registerDashboardRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/dashboard', { config: { access: 'login' } }, async (req) => {
    const access = req.auth!.access ?? (await loadUserAccess(db, req.auth!.userId));
    return ok(await dashboard(db, { lots: lotsOf(req), menus: access.menuCodes }, await simulatorsRunning(db)));
  });
}
