import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataViewPanels } from '../../domain/live-screens.ts';
import type { Db } from '../db/database.ts';
import { buildTestApp, call, login } from '../tests/helpers.ts';
import { onPostgres } from '../tests/test-database.ts';
import { openStream } from './stream-client.ts';

// The big screens' push on PGlite: a write is on the wall within the coalescing gap, not at the
// next period (set to a minute here, so only the change can explain the update). On PostgreSQL the
// feed listens on a connection of its own, opened from the server's DATABASE_URL, which a test app
// over a shared handle has not: tests/live-two-instances.test.ts and live-postgres-restart.test.ts
// are the PostgreSQL runs.
describe.skipIf(onPostgres())('live stream', () => {
  let app: FastifyInstance;
  let db: Db;
  let base: string;
  let admin: string;
  let laneId: string;

  beforeAll(async () => {
    ({ app, db } = await buildTestApp({ live: { minGapMs: 300, maxGapMs: 60_000, sessionRecheckMs: 300 } }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    admin = await login(app, 'admin', 'admin123');
    const { rows } = await db.query<{ id: string }>(
      `select l.id from parking_lane l join parking p on p.id = l.parking_id
        where l.direction in (1, 3) and l.enabled_mark = 1 and p.type <> 0 order by l.id limit 1`,
    );
    laneId = rows[0].id;
  });
  afterAll(() => app?.close());

  it('pushes the whole screen first, then a car entering raises cars in park', async () => {
    const stream = await openStream(base, 'dataView', admin);
    expect(stream.status).toBe(200);
    const first = await stream.next(() => true, 10_000);
    expect(Object.keys(first.panels).sort()).toEqual(['devices', 'hourly', 'lifts', 'passages', 'revenue', 'totals']);
    const before = (first.panels.totals as DataViewPanels['totals']).carsInPark;
    // the stream stays open after its first push (a GET's request "closes" once read; the answer must not)
    await new Promise((r) => setTimeout(r, 1500));
    const entered = await call(app, 'POST', `/api/system/ParkingLane/${laneId}/Actions/Enter`, {
      token: admin,
      json: { plateNo: '粤B7L001' },
    });
    expect(entered.body.code, entered.body.msg).toBe(200);
    const started = Date.now();
    const raised = await stream.next((u) => (u.panels.totals as DataViewPanels['totals'] | undefined)?.carsInPark === before + 1, 5000);
    expect(Date.now() - started).toBeLessThan(3000);
    // the new passage is at the top of the scrolling list
    expect((raised.panels.passages as DataViewPanels['passages'])[0]).toMatchObject({ kind: 'in', plateNo: '粤B7L001' });
    stream.close();
  });

  it('refuses a second entry of a plate already in the lot', async () => {
    const again = await call(app, 'POST', `/api/system/ParkingLane/${laneId}/Actions/Enter`, {
      token: admin,
      json: { plateNo: '粤B7L001' },
    });
    expect(again.body).toMatchObject({ code: 400, msg: '车牌粤B7L001已在场' });
  });

  it('answers a screen the user lacks the menus of with 403, an unknown one with 404, a stranger with 600', async () => {
    const operator = await login(app, 'operator', 'operator123');
    const refused = await call(app, 'GET', '/api/live/operationView/Stream', { token: operator });
    expect(refused.body.code).toBe(403);
    expect((await call(app, 'GET', '/api/live/nothing/Stream', { token: admin })).body.code).toBe(404);
    expect((await call(app, 'GET', '/api/live/dataView/Stream')).body.code).toBe(600);
  });

  it('lets go of the screen when its last viewer leaves', async () => {
    const a = await openStream(base, 'newDataView', admin);
    const b = await openStream(base, 'newDataView', admin);
    await Promise.all([a.next(() => true, 10_000), b.next(() => true, 10_000)]);
    expect(app.liveHub.size).toBe(1); // one computation for both walls
    a.close();
    b.close();
    await expect.poll(() => app.liveHub.size, { timeout: 3000 }).toBe(0);
  });

  it('ends the stream of a session signed out elsewhere', async () => {
    const token = await login(app, 'admin', 'admin123');
    const stream = await openStream(base, 'dataView', token);
    await stream.next(() => true, 10_000);
    await call(app, 'GET', '/api/oauth/Logout', { token });
    await expect(Promise.race([stream.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 3000))])).resolves.toBe(
      'ended',
    );
  });
});
