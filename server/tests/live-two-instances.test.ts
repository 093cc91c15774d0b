import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { DataViewPanels } from '../../domain/live-screens.ts';
import { openStream, type StreamReader } from '../live/stream-client.ts';
import { call, login, type TwoInstances, withTwoInstances } from './helpers.ts';
import { onPostgres } from './test-database.ts';

type Totals = DataViewPanels['totals'];

// Two servers behind a load balancer: a wall watching instance A sees a car that entered through
// instance B (migration 025's NOTIFY, heard on A's own listening connection) within the coalescing
// gap, well before A's ten-second period would have shown it.
describe.skipIf(!onPostgres())('the big screens with two instances on one PostgreSQL', () => {
  let pair: TwoInstances;
  const streams: StreamReader[] = [];
  withTwoInstances((p) => (pair = p));
  afterAll(() => streams.forEach((s) => s.close()));

  const listen = (app: FastifyInstance) => app.listen({ port: 0, host: '127.0.0.1' });

  it('a car entering through B is pushed to a screen on A within two seconds', async () => {
    const baseA = await listen(pair.a);
    const token = await login(pair.a, 'admin', 'admin123');
    const { rows } = await pair.db.query<{ id: string }>(
      `select l.id from parking_lane l join parking p on p.id = l.parking_id
        where l.direction in (1, 3) and l.enabled_mark = 1 and p.type <> 0 order by l.id limit 1`,
    );
    const stream = await openStream(baseA, 'dataView', token);
    streams.push(stream);
    const first = await stream.next(() => true, 15_000);
    const before = (first.panels.totals as Totals).carsInPark;
    // A's period is ten seconds: wait past the first push's echo so only the write explains the next
    await new Promise((r) => setTimeout(r, 1500));
    const entered = await call(pair.b, 'POST', `/api/system/ParkingLane/${rows[0].id}/Actions/Enter`, {
      token,
      json: { plateNo: '粤B2K002' },
    });
    expect(entered.body.code, entered.body.msg).toBe(200);
    const started = Date.now();
    await stream.next((u) => (u.panels.totals as Totals | undefined)?.carsInPark === before + 1, 8000);
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
