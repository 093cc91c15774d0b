import type { Db } from '../db/database.ts';
import { COVERING_STATUSES, CARD_STATUS, type TimeWindow } from '../../domain/card-codes.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { type CardTerm, cardCover } from '../fees/card-cover.ts';
import type { FeeCover } from '../fees/types.ts';
import { cardDay } from './common.ts';

/**
 * The cards that bear on a plate's stay in a lot: its monthly cards whose days meet the stay
 * (active, expiring, or expired since: they covered the days they were valid; a frozen or unpaid
 * card covers nothing) and, for the calculator, its group card as if the plate held a slot.
 */
export async function monthCardTerms(db: Db, lotId: string, plate: string, entry: number, exit: number): Promise<CardTerm[]> {
  const { rows } = await db.query<{ card_no: string; start_date: unknown; end_date: unknown; time_window: number }>(
    `select c.card_no, c.start_date, c.end_date, p.time_window
       from month_card c join card_product p on p.id = c.product_id
      where c.parking_id = $1 and $2 = any(c.plate_nos) and c.status = any($3::smallint[])
        and c.start_date <= $5::date and c.end_date >= $4::date`,
    [lotId, plate, COVERING_STATUSES, chinaDate(entry), chinaDate(exit)],
  );
  return rows.map((r) => ({
    cardNo: r.card_no,
    kind: 'month',
    startDate: cardDay(r.start_date),
    endDate: cardDay(r.end_date),
    timeWindow: Number(r.time_window) as TimeWindow,
  }));
}

/** The plate's valid group card in the lot, as if it held a slot all along (the calculator's assumption). */
export async function groupCardTerms(db: Db, lotId: string, plate: string, entry: number, exit: number): Promise<CardTerm[]> {
  const { rows } = await db.query<{ card_no: string; start_date: unknown; end_date: unknown }>(
    `select card_no, start_date, end_date from group_card
      where parking_id = $1 and $2 = any(plate_nos) and status = any($3::smallint[])
        and start_date <= $5::date and end_date >= $4::date`,
    [lotId, plate, [CARD_STATUS.ACTIVE, CARD_STATUS.EXPIRING, CARD_STATUS.EXPIRED], chinaDate(entry), chinaDate(exit)],
  );
  return rows.map((r) => ({
    cardNo: r.card_no,
    kind: 'group',
    startDate: cardDay(r.start_date),
    endDate: cardDay(r.end_date),
    timeWindow: 1,
  }));
}

/** The cover of a stay by the plate's cards, as the engine takes it (fees/card-cover.ts). */
export async function plateCover(
  db: Db,
  s: { lotId: string; plate: string; entry: number; exit: number; withGroup?: boolean },
): Promise<{ cover: FeeCover[]; cards: CardTerm[] }> {
  const cards = [
    ...(await monthCardTerms(db, s.lotId, s.plate, s.entry, s.exit)),
    ...(s.withGroup ? await groupCardTerms(db, s.lotId, s.plate, s.entry, s.exit) : []),
  ];
  return { cards, cover: cards.length ? cardCover(cards, s.entry, s.exit) : [] };
}
