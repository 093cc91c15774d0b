import type { FastifyInstance } from 'fastify';
import { md5Hex } from '../../server/lib/password.ts';

/** What the in-process API benches (order list, money lists, finance figures) share. */

/** The demo admin's token from an app built in this process (requests go through app.inject). */
export async function adminTokenOf(app: FastifyInstance): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/oauth/Login',
    payload: { account: 'admin', password: md5Hex('admin123'), code: '', timestamp: '', origin: 'password', grant_type: 'password' },
  });
  return login.json().data.token as string;
}

/** The p-th percentile of sorted times. */
export const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
