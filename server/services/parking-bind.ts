import type { Db } from '../db/database.ts';

/**
 * What is bound to a lot: lanes, spaces and parking orders. A bound lot may not be deleted, nor have
 * its code or management type changed (printed QR codes, devices and orders refer to them).
 */
export interface Binding {
  lanes: number;
  spaces: number;
  orders: number;
  devices: number;
  canDelete: boolean;
  reason: string;
}

/** Orders belong to another screen; their table may not exist yet in this database. */
async function countOrders(db: Db, parkingId: string): Promise<number> {
  const { rows } = await db.query<{ t: string | null }>(`select to_regclass('public.parking_order')::text as t`);
  if (!rows[0]?.t) return 0;
  return (await db.query<{ n: number }>('select count(*)::int as n from parking_order where parking_id = $1', [parkingId])).rows[0].n;
}

export async function bindingOf(db: Db, parkingId: string): Promise<Binding> {
  const { rows } = await db.query<{ lanes: number; spaces: number; devices: number }>(
    `select (select count(*)::int from parking_lane where parking_id = $1) as lanes,
            (select count(*)::int from parking_space where parking_id = $1) as spaces,
            (select count(*)::int from device where parking_id = $1) as devices`,
    [parkingId],
  );
  const { lanes, spaces, devices } = rows[0];
  const orders = await countOrders(db, parkingId);
  const parts = [lanes && `车道${lanes}条`, spaces && `车位${spaces}个`, devices && `设备${devices}台`, orders && `订单${orders}笔`].filter(
    Boolean,
  );
  const canDelete = parts.length === 0;
  return { lanes, spaces, orders, devices, canDelete, reason: canDelete ? '' : `该停车场已绑定${parts.join('、')}` };
}
