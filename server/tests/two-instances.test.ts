import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, login, type TwoInstances, withTwoInstances } from './helpers.ts';
import { onPostgres } from './test-database.ts';

// Two reference servers on one PostgreSQL, as behind a load balancer: nothing a request needs lives
// in one process's memory, and background jobs run once per database.
describe.skipIf(!onPostgres())('two server instances on one PostgreSQL', () => {
  let db: TwoInstances['db'];
  let a: FastifyInstance;
  let b: FastifyInstance;
  withTwoInstances((pair) => ({ db, a, b } = pair));

  it('a session opened on one instance works on the other', async () => {
    const token = await login(a, 'admin', 'admin123');
    const created = await call(b, 'POST', '/api/system/Parking', {
      token,
      json: { parkingCode: 'TWO-1', parkingName: '双实例', type: 1, roadType: 2 },
    });
    expect(created.body.code).toBe(200);
    const seen = await call(a, 'GET', `/api/system/Parking/${created.body.data.id}`, { token });
    expect(seen.body.data.parkingName).toBe('双实例');
    await call(b, 'GET', '/api/oauth/Logout', { token });
    // a remembers sessions for a moment and forgets when b announces the change (lib/session-cache.ts)
    await expect.poll(async () => (await call(a, 'GET', '/api/oauth/CurrentUser', { token })).body.code).toBe(600);
  });

  it('a captcha issued by one instance is checked by the other', async () => {
    for (let i = 0; i < 3; i++)
      await call(a, 'POST', '/api/oauth/Login', { form: { account: 'operator', password: 'x'.repeat(32), origin: 'password' } });
    const captcha = await call(b, 'POST', '/api/oauth/captcha');
    expect(captcha.body.code).toBe(200);
    const { rows } = await db.query<{ text: string }>('select text from captchas where key = $1', [captcha.body.data.timestamp]);
    expect(rows).toHaveLength(1);
  });

  it('a list total remembered by one instance follows a space the other adds', async () => {
    const token = await login(a, 'admin', 'admin123');
    const list = async () =>
      (await call(a, 'GET', '/api/system/ParkingSpace?parkingId=p-ns-kjy-01&currentPage=1&pageSize=10', { token })).body.data.pagination
        .total;
    const before = await list();
    expect(await list()).toBe(before);
    const created = await call(b, 'POST', '/api/system/ParkingSpace', {
      token,
      json: { parkingId: 'p-ns-kjy-01', spaceNo: 'TWO-001', spaceType: 1 },
    });
    expect(created.body.code, created.body.msg).toBe(200);
    expect(await list()).toBe(before + 1);
  });
});
