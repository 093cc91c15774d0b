import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { openTestDatabase } from '../tests/test-database.ts';
import { insertTestOrder } from '../tests/order-fixtures.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { writeAudit } from './audit.ts';

let db: Db & { close(): Promise<void> };
beforeAll(async () => {
  db = (await openTestDatabase()) as typeof db;
});
afterAll(async () => {
  await db?.close();
});

it('steps written in one breath are listed in the order they were taken, though the clock read the same', async () => {
  const order = await insertTestOrder(db, { state: ORDER_STATE.COMPLETED });
  const steps = Array.from({ length: 30 }, (_, i) => `step-${String(i).padStart(2, '0')}`);
  await db.transaction(async (tx) => {
    for (const action of steps)
      await writeAudit(tx, 'parking_order_audit', { order_id: order }, { action, operator: '测试', before: {}, after: {}, reason: '测试' });
  });
  const { rows } = await db.query<{ action: string }>(
    'select action from parking_order_audit where order_id = $1 order by operate_time, id',
    [order],
  );
  expect(rows.map((r) => r.action)).toEqual(steps);
});
