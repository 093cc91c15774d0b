/**
 * The bill a driver's phone or a collector's handheld shows (docs/public-api.md): one shape for the
 * server that answers it (server/public/bill.ts) and the pages that draw it (src/public/). Cents.
 */

/**
 * noCar: nothing at the barrier; bill: a stay to pay; free: nothing to pay; card: a valid card covers
 * it; paid: leave before `leaveBefore`; entry: an unplated car waits at the entry lane, its driver may
 * let it in from the phone; unplated: an unplated car waits at the exit and this phone holds no entry
 * pass of this lot that names it
 */
export type BillKind = 'noCar' | 'bill' | 'free' | 'card' | 'paid' | 'entry' | 'unplated';

export interface PublicOrder {
  token: string;
  plateNo: string;
  plateColor: number;
  plateColorLabel: string;
  entryTime: number;
  durationSec: number;
  spaceNo: string;
  totalCents: number;
  discountCents: number;
  paidCents: number;
  payableCents: number;
  freeMinutes: number;
  graceMinutes: number;
  leaveBefore: number | null;
}

export interface PublicArrear {
  orderNo: string;
  lotName: string;
  exitTime: number;
  owedCents: number;
}

export interface PublicBill {
  kind: BillKind;
  lotName: string;
  laneName: string;
  order: PublicOrder | null;
  arrears: PublicArrear[];
  arrearsCents: number;
  dueCents: number;
  card: null | { cardNo: string; kind: 'month' | 'group'; endDate: string; renewable: boolean };
}
