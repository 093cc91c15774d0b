import type { FastifyInstance, FastifySchema } from 'fastify';
import type { Db } from '../db/database.ts';
import { ok } from '../lib/envelope.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { Limit, addressOf } from '../services/sign-in/limits.ts';
import type { SignInLimits } from '../services/sign-in/limit-policy.ts';
import { regionalStats } from './regional-stats.ts';
import type { RegionalStats } from '../../domain/live-screens.ts';

/**
 * `GET /api/public/Activity`: the regional statistics of /activity, without sign-in. A wall or a
 * crowd of phones asking at once costs one computation every few seconds (remembered here), and
 * each address is limited like the other public routes.
 */

export const ACTIVITY_CACHE_MS = 5000;
const RULE = { max: 60, windowMs: 60_000 };

export function registerActivityRoute(fastify: FastifyInstance, db: Db, limits: SignInLimits): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const limit = new Limit(
    fastify,
    'activity:addr',
    () => RULE,
    addressOf,
    '请求过于频繁',
    () => limits.loopbackFactor,
  );
  let cached: { until: number; value: Promise<RegionalStats> } | null = null;
  const stats = (): Promise<RegionalStats> => {
    const now = Date.now();
    if (cached && cached.until > now) return cached.value;
    const value = regionalStats(db, now);
    cached = { until: now + ACTIVITY_CACHE_MS, value };
    // a failure is not remembered: the next request asks again
    value.catch(() => {
      if (cached?.value === value) cached = null;
    });
    return value;
  };

  app.get(
    '/api/public/Activity',
    {
      schema: { summary: '区域停车与充电统计（公开，无个人信息）' } as FastifySchema,
      config: { access: 'public' },
      preHandler: async (req, reply) => limit.hit(req, reply),
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await stats());
    },
  );
}
