import { describe, expect, it } from 'vitest';
import { call, type TestServer, withTestServer } from './helpers.ts';
import { onPostgres } from './test-database.ts';

// A list's total and summary are remembered per filter until the table changes (resource/totals-cache.ts).
describe('list totals', () => {
  let s: TestServer;
  withTestServer((server) => (s = server));
  const total = async (query: string, page = 1) =>
    (await call(s.app, 'GET', `/api/system/ParkingSpace?${query}&currentPage=${page}&pageSize=10`, { token: s.admin })).body.data.pagination
      .total;

  /** The count statements the server runs while `fn` does its requests. */
  async function countsDuring(fn: () => Promise<unknown>): Promise<number> {
    const pglite = (s.db as { pglite?: { query: (...a: unknown[]) => Promise<unknown> } }).pglite!;
    const query = pglite.query;
    let n = 0;
    pglite.query = (...a: unknown[]) => {
      if (/count\(\*\)/.test(String(a[0]))) n++;
      return query.apply(pglite, a);
    };
    try {
      await fn();
    } finally {
      pglite.query = query;
    }
    return n;
  }

  // the statements are watched on PGlite; two-instances.test.ts checks the totals on PostgreSQL
  it.skipIf(onPostgres())('paging through one filter counts it once', async () => {
    const first = await total('status=0');
    const counted = await countsDuring(async () => {
      for (let page = 1; page <= 3; page++) expect(await total('status=0', page)).toBe(first);
    });
    expect(counted).toBe(0);
  });

  it('follows a space added through the API', async () => {
    const before = await total('parkingId=p-ns-kjy-01');
    const created = await call(s.app, 'POST', '/api/system/ParkingSpace', {
      token: s.admin,
      json: { parkingId: 'p-ns-kjy-01', spaceNo: 'CNT-001', spaceType: 1 },
    });
    expect(created.body.code, created.body.msg).toBe(200);
    expect(await total('parkingId=p-ns-kjy-01')).toBe(before + 1);
  });

  it('follows a change written outside the resource layer, as the simulators write', async () => {
    const free = await total('status=0');
    await s.db.query(`update parking_space set status = 1 where id = (select id from parking_space where status = 0 order by id limit 1)`);
    expect(await total('status=0')).toBe(free - 1);
  });

  it('a page past the end still answers the total', async () => {
    const all = await total('status=0');
    const past = await call(s.app, 'GET', '/api/system/ParkingSpace?status=0&currentPage=100000&pageSize=10', { token: s.admin });
    expect(past.body.data).toMatchObject({ list: [], pagination: { total: all } });
  });

  it('the order summary follows an amount changed outside the resource layer', async () => {
    const summary = async () =>
      (await call(s.app, 'GET', '/api/order/ParkingOrder?currentPage=1&pageSize=10', { token: s.admin })).body.data.summary;
    const before = await summary();
    expect(await summary()).toEqual(before);
    await s.db.query(
      `update parking_order set paid_cents = paid_cents + 100, receivable_cents = receivable_cents + 100 where id = (select id from parking_order order by id limit 1)`,
    );
    expect((await summary()).paidCents).toBe(before.paidCents + 100);
  });
});
