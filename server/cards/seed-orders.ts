import { COVERING_STATUSES } from '../../domain/card-codes.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { type CardTerm, cardCover } from '../fees/card-cover.ts';
import type { FeeCover } from '../fees/types.ts';
import type { CardBook, CardPlate, SeededGroupCard } from './seed.ts';
import { playSlots } from './group-slots.ts';

/**
 * The order history's card holders (seed/traffic.ts): a monthly (class 2) or group (class 3) car
 * of the generator becomes a plate of a card of that lot, never in the lot twice at once; a lot
 * without such a card gets a temporary car instead. Group stays are kept aside and settled after
 * the whole history is generated, when `playSlots` knows who held a slot when.
 */

export interface AssignedCar extends CardPlate {
  carClass: number;
}

export class CardAssigner {
  private busy = new Map<string, [number, number][]>();
  constructor(
    private book: CardBook,
    private rnd: () => number,
  ) {}

  private free(plate: string, entry: number, exit: number): boolean {
    const list = this.busy.get(plate) ?? [];
    if (list.some(([a, b]) => entry < b && a < exit)) return false;
    list.push([entry, exit]);
    this.busy.set(plate, list);
    return true;
  }

  /** The car to generate, and the monthly card term or group card that bears on its stay. */
  assign(car: AssignedCar, lotId: string, entry: number, exit: number): { car: AssignedCar; month?: CardTerm; group?: SeededGroupCard } {
    const temporary = { car: { ...car, carClass: 1 } };
    if (car.carClass === 2) {
      // a card valid on the day the car comes (its stay may still run past the card's end)
      const day = chinaDate(entry);
      const cards = (this.book.month.get(lotId) ?? []).filter(
        (c) => COVERING_STATUSES.includes(c.status) && c.term.startDate <= day && day <= c.term.endDate,
      );
      if (!cards.length) return temporary;
      const c = cards[Math.floor(this.rnd() * cards.length)];
      if (!this.free(c.plateNo, entry, exit)) return temporary;
      return { car: { plateNo: c.plateNo, plateColor: c.plateColor, carClass: 2 }, month: c.term };
    }
    if (car.carClass === 3) {
      const g = this.book.group.get(lotId);
      if (!g || g.showcase) return temporary;
      const p = g.plates[Math.floor(this.rnd() * g.plates.length)];
      if (!this.free(p.plateNo, entry, exit)) return temporary;
      return { car: { plateNo: p.plateNo, plateColor: p.plateColor, carClass: 3 }, group: g };
    }
    return { car };
  }
}

export const monthCover = (term: CardTerm, entry: number, exit: number): FeeCover[] => cardCover([term], entry, exit);

export interface GroupStay {
  orderId: string;
  card: SeededGroupCard;
  plate: string;
  entry: number;
  exit: number | null;
}

/** Each group stay with its slot (from when, or null: it only waited) and, once it left, its cover. */
export function settleGroupStays(stays: GroupStay[]): { stay: GroupStay; holdFrom: number | null; cover: FeeCover[] }[] {
  const byCard = new Map<string, GroupStay[]>();
  for (const s of stays) byCard.set(s.card.id, [...(byCard.get(s.card.id) ?? []), s]);
  return [...byCard.values()].flatMap((list) => {
    const played = playSlots(list[0].card.slots, list);
    return list.map((stay, i) => {
      const holdFrom = played[i].holdFrom;
      const cover =
        stay.exit === null || holdFrom === null
          ? []
          : cardCover([{ ...stay.card.term, holdFrom, holdTo: stay.exit }], stay.entry, stay.exit);
      return { stay, holdFrom, cover };
    });
  });
}
