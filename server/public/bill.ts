import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { priceStay } from '../fees/engine.ts';
import { findRuleForStay } from '../fees/rule-lookup.ts';
import type { FeeBill, FeeCover } from '../fees/types.ts';
import { cardCover } from '../fees/card-cover.ts';
import { groupCardTerms, monthCardTerms } from '../cards/cover-lookup.ts';
import { couponAtExit } from '../coupons/sim.ts';
import { mayRenewNow } from '../cards/actions.ts';
import { openDebts } from '../arrears/policy.ts';
import { arrearsMachine } from '../arrears/state-machine.ts';
import { ORDER_STATE, PLATE_COLOR } from '../../domain/parking-codes.ts';
import type { BillKind, PublicBill } from '../../domain/public-bill.ts';
import { UNPLATED } from '../../domain/field-rules.ts';

/**
 * The bill a driver's phone (or a collector's handheld) shows: the stay priced as it stands now,
 * with the plate's card cover and coupon, what was paid in the lot, and the plate's open debts,
 * payable together (docs/public-api.md `PublicBill`). Reads only: paying is payments.ts.
 */

/** An order still in the lot, as the bill reads it. */
export interface OpenStay {
  id: string;
  parkingId: string;
  parkingName: string;
  plateNo: string;
  plateColor: number | null;
  carClass: number;
  state: number;
  entryTime: Date;
  spaceNo: string;
  publicToken: string | null;
}

/** The priced stay: the engine's bill (null: nothing charged) and the cover it used. */
export interface PricedStay {
  bill: FeeBill | null;
  cover: FeeCover[];
  cards: { cardNo: string; kind: 'month' | 'group'; endDate: string }[];
  lastPaidAt: number | null;
  /** the rule's free minutes and grace after paying (0 without a rule) */
  freeMinutes: number;
  graceMinutes: number;
}

/** Prices stay `o` as if it ended at `at`, without changing anything (no slot left, no coupon used). */
export async function priceOpenStay(db: Db, o: OpenStay, at: number): Promise<PricedStay> {
  const entry = o.entryTime.getTime();
  const terms =
    o.carClass === 2
      ? await monthCardTerms(db, o.parkingId, o.plateNo, entry, at)
      : o.carClass === 3
        ? await groupCardTerms(db, o.parkingId, o.plateNo, entry, at)
        : [];
  const cover = cardCover(terms, entry, at);
  const rule = await findRuleForStay(db, { lotId: o.parkingId, plateColor: o.plateColor, carClass: o.carClass, at: o.entryTime });
  const { rows: paid } = await db.query<{ pay_time: Date; value_cents: number }>(
    'select pay_time, value_cents::float8 as value_cents from parking_order_payment where order_id = $1 order by pay_time',
    [o.id],
  );
  const payments = paid.map((p) => ({ at: p.pay_time, cents: Number(p.value_cents) }));
  const charged = rule && o.carClass !== 4;
  const coupons = charged && !cover.length ? await couponAtExit(db, o.parkingId, o.plateNo, new Date(at)) : [];
  const bill = charged ? priceStay({ rule, entry: o.entryTime, exit: at, carClass: o.carClass, cover, coupons, payments }) : null;
  return {
    bill,
    cover,
    cards: terms.map((t) => ({ cardNo: t.cardNo, kind: t.kind, endDate: t.endDate })),
    lastPaidAt: paid.length ? paid[paid.length - 1].pay_time.getTime() : null,
    freeMinutes: rule?.freeMinutes ?? 0,
    graceMinutes: rule?.graceMinutes ?? 0,
  };
}

const OPEN_STAY_SQL = `select o.id, o.parking_id, p.parking_name, o.plate_no, o.plate_color, o.car_class, o.state, o.entry_time,
                              o.space_no, o.public_token, o.exit_time
                         from parking_order o join parking p on p.id = o.parking_id`;

interface StayRow {
  id: string;
  parking_id: string;
  parking_name: string;
  plate_no: string;
  plate_color: number | null;
  car_class: number;
  state: number;
  entry_time: Date;
  space_no: string;
  public_token: string | null;
}

const stayOf = (r: StayRow): OpenStay => ({
  id: r.id,
  parkingId: r.parking_id,
  parkingName: r.parking_name,
  plateNo: r.plate_no,
  plateColor: r.plate_color === null ? null : Number(r.plate_color),
  carClass: Number(r.car_class),
  state: Number(r.state),
  entryTime: r.entry_time,
  spaceNo: r.space_no,
  publicToken: r.public_token,
});

/** The stay of order `id` (in the lot or not), or null. */
export async function stayById(db: Db, id: string): Promise<(OpenStay & { exited: boolean }) | null> {
  const { rows } = await db.query<StayRow & { exit_time: Date | null }>(`${OPEN_STAY_SQL} where o.id = $1`, [id]);
  return rows[0] ? { ...stayOf(rows[0]), exited: rows[0].exit_time !== null } : null;
}

/** The order a public token names, or null. */
export async function stayByToken(db: Db, token: string): Promise<(OpenStay & { exited: boolean }) | null> {
  const { rows } = await db.query<StayRow & { exit_time: Date | null }>(`${OPEN_STAY_SQL} where o.public_token = $1`, [token]);
  return rows[0] ? { ...stayOf(rows[0]), exited: rows[0].exit_time !== null } : null;
}

/** The plate's car in the lot now (the collector's handheld), or null. */
export async function stayOfPlate(db: Db, plateNo: string, lots: string[] | null): Promise<OpenStay | null> {
  const { rows } = await db.query<StayRow>(
    `${OPEN_STAY_SQL} where o.plate_no = $1 and o.exit_time is null and o.state = any($2::smallint[])
        and ($3::text[] is null or o.parking_id = any($3)) order by o.entry_time desc limit 1`,
    [plateNo, [ORDER_STATE.IN_PARK, ORDER_STATE.PAID_IN_PARK], lots],
  );
  return rows[0] ? stayOf(rows[0]) : null;
}

/** The order's public token, made (random, 128 bits) the first time a page needs it. */
export async function publicTokenOf(db: Db, o: Pick<OpenStay, 'id' | 'publicToken'>): Promise<string> {
  if (o.publicToken) return o.publicToken;
  const { rows } = await db.query<{ public_token: string }>(
    'update parking_order set public_token = coalesce(public_token, $2) where id = $1 returning public_token',
    [o.id, randomBytes(16).toString('hex')],
  );
  return rows[0].public_token;
}

/** The plate's debts a driver may pay now (disputed ones are frozen, not listed as payable). */
export async function payableDebts(db: Db, req: FastifyRequest, plateNo: string, lotId: string) {
  // 无牌 is no one's plate: an unplated stay has no debts of its own to show
  if (plateNo === UNPLATED) return [];
  const { records } = await openDebts(db, req, plateNo, lotId);
  const collecting = arrearsMachine.statesBefore('payPart') as number[];
  return records.filter((r) => collecting.includes(r.status));
}

/** The bill of stay `o` as it stands at `at`. */
export async function billOf(
  db: Db,
  req: FastifyRequest,
  o: OpenStay & { exited?: boolean },
  at: number,
  laneName = '',
): Promise<PublicBill> {
  const debts = await payableDebts(db, req, o.plateNo, o.parkingId);
  const arrears = debts.map((d) => ({
    id: d.id,
    orderNo: d.orderNo,
    lotName: d.parkingName,
    exitTime: d.exitTime.getTime(),
    owedCents: d.owedCents,
  }));
  const arrearsCents = arrears.reduce((s, d) => s + d.owedCents, 0);
  const priced = await priceOpenStay(db, o, at);
  const bill = priced.bill;
  const payable = bill ? bill.dueCents : 0;
  const graceMinutes = bill ? priced.graceMinutes : 0;
  const leaveBefore =
    o.state === ORDER_STATE.PAID_IN_PARK && priced.lastPaidAt !== null && payable === 0 ? priced.lastPaidAt + graceMinutes * 60_000 : null;
  const kind: BillKind = o.exited
    ? 'paid'
    : payable + arrearsCents > 0
      ? 'bill'
      : leaveBefore !== null
        ? 'paid'
        : priced.cover.length
          ? 'card'
          : 'free';
  const card = priced.cards[0];
  return {
    kind,
    lotName: o.parkingName,
    laneName,
    order: {
      token: await publicTokenOf(db, o),
      plateNo: o.plateNo,
      plateColor: o.plateColor ?? 0,
      plateColorLabel: PLATE_COLOR[o.plateColor ?? 0] ?? '',
      entryTime: o.entryTime.getTime(),
      durationSec: Math.max(0, Math.floor((at - o.entryTime.getTime()) / 1000)),
      spaceNo: o.spaceNo,
      totalCents: bill?.totalCents ?? 0,
      discountCents: bill?.discountCents ?? 0,
      paidCents: bill?.paidCents ?? 0,
      payableCents: payable,
      freeMinutes: priced.freeMinutes,
      graceMinutes,
      leaveBefore,
    },
    arrears: arrears.map(({ id: _id, ...d }) => d),
    arrearsCents,
    dueCents: payable + arrearsCents,
    card: card ? { ...card, renewable: card.kind === 'month' && (await mayRenewNow(db, card.cardNo)) } : null,
  };
}

/** A bill without a stay: nobody at the barrier or on the space (noCar), or an unplated car not yet named. */
export function emptyBill(kind: BillKind, lotName: string, laneName = ''): PublicBill {
  return { kind, lotName, laneName, order: null, arrears: [], arrearsCents: 0, dueCents: 0, card: null };
}
