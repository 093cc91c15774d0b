import type { Db } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import { newId } from '../lib/ids.ts';
import { CARD_STATUS } from '../../domain/card-codes.ts';
import { chinaDate } from '../../domain/china-time.ts';
import type { CardTerm } from '../fees/card-cover.ts';
import { cardDay } from './common.ts';

/**
 * Group card slots (多车共位, money-and-charging.md §7.4): the first N plates of the card in the lot hold
 * a slot; a plate arriving when all are taken waits, billed as temporary; when a holder leaves, the
 * plate that has waited longest takes its slot at that moment. `playSlots` is the rule over a list
 * of stays (the seeded history, the tests); `enterGroup` / `leaveGroup` keep it live in the
 * database, the card's row locked so two arrivals never take the last slot both.
 */

export interface SlotStayIn {
  plate: string;
  entry: number;
  /** null: still inside */
  exit: number | null;
}
export interface SlotStay extends SlotStayIn {
  /** when the stay took a slot; null = it never did */
  holdFrom: number | null;
}

/** Who holds a slot when, over stays of one card's plates in its lot. */
export function playSlots(slots: number, stays: SlotStayIn[]): SlotStay[] {
  const out: SlotStay[] = stays.map((s) => ({ ...s, holdFrom: null }));
  type Ev = { at: number; kind: 0 | 1; i: number };
  // departures before arrivals at the same instant: a slot freed at 10:00 serves a car arriving at 10:00
  const events: Ev[] = out.flatMap((s, i): Ev[] => [
    { at: s.entry, kind: 1, i },
    ...(s.exit === null ? [] : [{ at: s.exit, kind: 0 as const, i }]),
  ]);
  events.sort((a, b) => a.at - b.at || a.kind - b.kind || out[a.i].entry - out[b.i].entry);
  const holders = new Set<number>();
  const waiting: number[] = [];
  for (const e of events) {
    if (e.kind === 1) {
      if (holders.size < slots) {
        holders.add(e.i);
        out[e.i].holdFrom = e.at;
      } else waiting.push(e.i);
      continue;
    }
    const w = waiting.indexOf(e.i);
    if (w >= 0) {
      waiting.splice(w, 1);
      continue;
    }
    holders.delete(e.i);
    const next = waiting.shift();
    if (next !== undefined) {
      holders.add(next);
      out[next].holdFrom = e.at;
    }
  }
  return out;
}

interface GroupRow {
  id: string;
  card_no: string;
  slots: number;
  start_date: unknown;
  end_date: unknown;
}

/** The group card of the lot that holds `plate` and is valid at `at` (locked), or null. */
async function lockGroupCard(tx: Db, lotId: string, plate: string, at: number): Promise<GroupRow | null> {
  const { rows } = await tx.query<GroupRow>(
    `select id, card_no, slots, start_date, end_date from group_card
      where parking_id = $1 and $2 = any(plate_nos) and status = any($3::smallint[])
        and start_date <= $4::date and end_date >= $4::date
      order by create_time limit 1 for update`,
    [lotId, plate, [CARD_STATUS.ACTIVE, CARD_STATUS.EXPIRING], chinaDate(at)],
  );
  return rows[0] ?? null;
}

/** A plate of a group card enters the lot: it holds a slot if one is free, else it waits. Null when no group card has it. */
export async function enterGroup(
  tx: Db,
  e: { lotId: string; plate: string; orderId: string; at: number },
): Promise<{ cardNo: string; holds: boolean } | null> {
  const card = await lockGroupCard(tx, e.lotId, e.plate, e.at);
  if (!card) return null;
  const { rows } = await tx.query<{ n: number }>(
    'select count(*)::int as n from group_card_slot where group_card_id = $1 and left_time is null and hold_from is not null',
    [card.id],
  );
  const holds = Number(rows[0].n) < Number(card.slots);
  await tx.query(
    `insert into group_card_slot (id, group_card_id, parking_id, plate_no, order_id, entry_time, hold_from)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
    [newId('gs'), card.id, e.lotId, e.plate, e.orderId, new Date(e.at), holds ? new Date(e.at) : null],
  );
  return { cardNo: card.card_no, holds };
}

/**
 * The stay of order `orderId` leaves: its slot row closes and, when it held a slot, the plate that
 * has waited longest takes it now. Answers the card's term for billing this stay, or null.
 */
export async function leaveGroup(tx: Db, orderId: string, at: number): Promise<CardTerm | null> {
  const { rows } = await tx.query<{ id: string; group_card_id: string; hold_from: Date | null }>(
    'select id, group_card_id, hold_from from group_card_slot where order_id = $1 and left_time is null',
    [orderId],
  );
  const slot = rows[0];
  if (!slot) return null;
  // the slot's card (a foreign key): locked, so two exits of one card hand its slots on one at a time
  const card = (await lockRow(tx, 'groupCard', slot.group_card_id))!;
  await tx.query('update group_card_slot set left_time = $2 where id = $1', [slot.id, new Date(at)]);
  if (slot.hold_from) {
    // a waiter recorded before this exit may have arrived after it (events of one tick come in any
    // order): it holds from its own arrival, when the slot was already free
    await tx.query(
      `update group_card_slot set hold_from = greatest(entry_time, $2) where id = (
         select id from group_card_slot where group_card_id = $1 and left_time is null and hold_from is null
          order by entry_time, id limit 1)`,
      [slot.group_card_id, new Date(at)],
    );
  }
  return {
    cardNo: card.cardNo,
    kind: 'group',
    startDate: cardDay(card.startDate),
    endDate: cardDay(card.endDate),
    timeWindow: 1,
    // a plate that only waited held nothing: an empty hold covers nothing
    holdFrom: slot.hold_from ? slot.hold_from.getTime() : at,
    holdTo: at,
  };
}
