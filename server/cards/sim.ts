import type { Db } from '../db/database.ts';
import { CARD_STATUS } from '../../domain/card-codes.ts';
import { cardCover } from '../fees/card-cover.ts';
import type { FeeCover } from '../fees/types.ts';
import { monthCardTerms } from './cover-lookup.ts';
import { enterGroup, leaveGroup } from './group-slots.ts';
import { HISTORY_KEY } from '../seed/history.ts';

/**
 * Card holders in the live traffic (jobs/traffic-sim.ts): a monthly (class 2) or group (class 3)
 * arrival is a plate of a valid card of the lot that is not inside already; a group plate takes a
 * slot or waits; at the exit the stay is billed with its cards' cover.
 */

/**
 * A plate of a valid card of `kind` at the lot, not in the lot now; null when there is none, and
 * while the demo history is still being written (seed/history-later.ts): it writes the card
 * holders' stays last, some still in the lot, and a plate the simulator let in meanwhile would be
 * in twice (a group card's slot taken twice, which fails the history's insert).
 */
export async function cardHolderAt(
  db: Db,
  lotId: string,
  carClass: number,
): Promise<{ plateNo: string; plateColor: number | null } | null> {
  const table = carClass === 2 ? 'month_card' : carClass === 3 ? 'group_card' : null;
  if (!table) return null;
  const { rows } = await db.query<{ plate: string }>(
    `select p as plate from ${table} c, unnest(c.plate_nos) p
      where c.parking_id = $1 and c.status = any($2::smallint[]) and c.start_date <= current_date and c.end_date >= current_date
        and not exists (select 1 from parking_order o where o.plate_no = p and o.exit_time is null)
        and not exists (select 1 from sys_config where key = $3)
      order by random() limit 1`,
    [lotId, [CARD_STATUS.ACTIVE, CARD_STATUS.EXPIRING], HISTORY_KEY],
  );
  if (!rows[0]) return null;
  // the colour its last stay had (a card plate keeps its colour), else blue
  const { rows: seen } = await db.query<{ plate_color: number | null }>(
    'select plate_color from parking_order where plate_no = $1 order by entry_time desc limit 1',
    [rows[0].plate],
  );
  return { plateNo: rows[0].plate, plateColor: seen[0] ? seen[0].plate_color : 5 };
}

/** A group plate entering with order `orderId`: it holds a slot or waits (its own transaction, the card locked). */
export async function joinGroupAtEntry(db: Db, lotId: string, plate: string, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // the slot is held from the order's entry as the database stamped it
    const { rows } = await tx.query<{ entry_time: Date }>('select entry_time from parking_order where id = $1', [orderId]);
    if (rows[0]) await enterGroup(tx, { lotId, plate, orderId, at: rows[0].entry_time.getTime() });
  });
}

/** The cover of a card holder's stay at its exit; a group plate gives up its slot (to the longest waiter). */
export async function coverAtExit(
  db: Db,
  o: { id: string; parking_id: string; plate_no: string; car_class: number; entry_time: Date },
  now: number,
): Promise<FeeCover[]> {
  const entry = o.entry_time.getTime();
  if (o.car_class === 2) return cardCover(await monthCardTerms(db, o.parking_id, o.plate_no, entry, now), entry, now);
  if (o.car_class === 3) {
    const term = await db.transaction((tx) => leaveGroup(tx, o.id, now));
    return term ? cardCover([term], entry, now) : [];
  }
  return [];
}
