import { describe, expect, it } from 'vitest';
import { call, signInLotLimitedUser, type TestServer, withTestServer } from './helpers.ts';
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

  // The unfiltered order list adds up the per-lot totals its writes keep (migration 016).
  describe('kept order totals', () => {
    const FIGURES = `count(*)::float8 as "orderCount", coalesce(sum(receivable_cents), 0)::float8 as "receivableCents",
      coalesce(sum(discount_cents), 0)::float8 as "discountCents", coalesce(sum(paid_cents), 0)::float8 as "paidCents",
      coalesce(sum(owed_cents), 0)::float8 as "owedCents", coalesce(sum(refunded_cents), 0)::float8 as "refundedCents"`;
    const counted = async (where = 'true', args: unknown[] = []) =>
      (await s.db.query<Record<string, number>>(`select ${FIGURES} from parking_order where ${where}`, args)).rows[0];
    const listed = async (query = '', token = s.admin) => {
      const data = (await call(s.app, 'GET', `/api/order/ParkingOrder?pageSize=10${query}`, { token })).body.data;
      return { total: data.pagination.total, ...data.summary };
    };
    const expectSame = async (query: string, where: string, args: unknown[] = [], token = s.admin) => {
      const c = await counted(where, args);
      expect(await listed(query, token)).toEqual({ total: c.orderCount, ...c });
    };

    it('the unfiltered list answers the exact count and sums after inserts, updates and deletes by any writer', async () => {
      await expectSame('', 'true');
      const [a, b] = (await s.db.query<{ id: string }>('select id from parking_order order by id limit 2')).rows.map((r) => r.id);
      await s.db.query(
        `insert into parking_order (id, order_no, parking_id, plate_no, plate_grams, entry_time, state, receivable_cents, owed_cents)
         values ('o-kept-1', 'KEPT-1', 'p-ns-kjy-01', '粤B12345', plate_grams('粤B12345'), now(), 5, 700, 700)`,
      );
      await s.db.query(
        `update parking_order set paid_cents = paid_cents + 50, receivable_cents = receivable_cents + 50 where id in ($1, $2)`,
        [a, b],
      );
      await s.db.query(`update parking_order set parking_id = 'p-ns-hac-02' where id = 'o-kept-1'`);
      await expectSame('', 'true');
      await s.db.query(`delete from parking_order where id = 'o-kept-1'`);
      await expectSame('', 'true');
    });

    it.skipIf(onPostgres())('a page after a write does not count or sum the order table', async () => {
      await s.db.query(
        `update parking_order set paid_cents = paid_cents + 1, receivable_cents = receivable_cents + 1 where id = (select min(id) from parking_order)`,
      );
      expect(await countsDuring(() => listed(''))).toBe(0);
      // the total and the summary of a filtered page are counted as before
      expect(await countsDuring(() => listed('&state=2'))).toBe(2);
    });

    it('one lot, by its filter or by the user’s scope, answers that lot’s figures; another filter is counted', async () => {
      await expectSame('&parkingId=p-ns-kjy-01', 'parking_id = $1', ['p-ns-kjy-01']);
      const limited = await signInLotLimitedUser(s.app, s.admin, 'keptonly', ['p-ns-kjy-01']);
      await expectSame('', 'parking_id = $1', ['p-ns-kjy-01'], limited);
      // a lot outside the user's scope names nothing they may see
      expect((await listed('&parkingId=p-ns-hac-02', limited)).total).toBe(0);
      await expectSame('&state=2', 'state = 2');
    });
  });
});
