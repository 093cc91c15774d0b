import { constants } from 'node:fs';
import { access, readdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import { MIGRATIONS_DIR, appliedMigrations } from '../db/migrate.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { DB_UNAVAILABLE_MSG, isDatabaseUnavailable } from '../db/outage.ts';
import { ok } from '../lib/envelope.ts';
import type { PageBundle } from '../lib/static.ts';

/**
 * For a load balancer or an orchestrator: `GET /api/health` says the process answers (liveness);
 * `GET /api/ready` says it can serve (database reachable, every migration applied, page bundles
 * readable), else 503 with the reasons. Both are public, cheap and logged at debug only (lib/logger.ts).
 */

/** a readiness probe that waits longer than this for the database says it is not ready */
const PROBE_TIMEOUT_MS = 1500;

const within = <T>(ms: number, p: Promise<T>): Promise<T> =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

async function databaseReasons(db: Db, migrations: string[]): Promise<string[]> {
  try {
    const applied = new Set(await within(PROBE_TIMEOUT_MS, appliedMigrations(db)));
    const missing = migrations.filter((m) => !applied.has(m));
    return missing.length ? [`数据库迁移未完成：${missing.join('、')}`] : [];
  } catch (e) {
    return [
      isDatabaseUnavailable(e) || (e as Error).message === 'timeout' ? DB_UNAVAILABLE_MSG : `数据库检查失败：${(e as Error).message}`,
    ];
  }
}

async function pageReasons(bundles: PageBundle[]): Promise<string[]> {
  const reasons: string[] = [];
  for (const b of bundles) {
    try {
      await access(b.dir, constants.R_OK);
    } catch {
      reasons.push(`页面文件不可读：${b.urlPrefix}`);
    }
  }
  return reasons;
}

export async function registerHealthRoutes(fastify: FastifyInstance, db: Db, pageBundles: PageBundle[]): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const migrations = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const health = { access: 'public' as const, data: Type.Object({ status: Type.Literal('up') }) };
  const ready = { access: 'public' as const, data: Type.Object({ status: Type.String(), reasons: Type.Array(Type.String()) }) };

  app.get('/api/health', { config: health }, async () => ok({ status: 'up' }));

  app.get('/api/ready', { config: ready }, async (_req, reply) => {
    const reasons = [...(await databaseReasons(db, migrations)), ...(await pageReasons(pageBundles))];
    if (reasons.length === 0) return ok({ status: 'ready', reasons });
    reply.status(503);
    return { code: 503, msg: `未就绪：${reasons.join('；')}`, data: { status: 'not ready', reasons } };
  });
}
