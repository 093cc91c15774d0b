import type { Db } from '../db/database.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { priceStay } from '../fees/engine.ts';
import { loadAllBindings, pickBinding } from '../fees/rule-lookup.ts';
import { RULE_A } from '../fees/sample-rules.ts';
import type { FeeCover, FeeCoupon, FeeRuleSnapshot } from '../fees/types.ts';
import { seededRandom } from '../services/parking-plates.ts';
import { ORDER_STATE } from '../../domain/parking-codes.ts';
import { insertOrders, type NewCoupon, type NewOrder, type NewPayment } from './traffic-insert.ts';
import { type Lot, loadLots, pick } from './traffic-lots.ts';
import { arrivalHour, cardCovered, dayFactor, payChannelOf, randomCar, serialOf, stayMinutes } from './traffic-model.ts';
import { isWorkingDay } from '../fees/clock.ts';
import type { CardBook } from '../cards/seed.ts';
import { CardAssigner, type GroupStay, monthCover, settleGroupStays } from '../cards/seed-orders.ts';

/**
 * The demo history: `days` days of stays up to `now` over the seeded lots, priced by the real fee
 * engine with each lot's bound rule (a cache keyed by rule version, entry minute of the day, stay
 * minutes and the working-day pattern of the dates spanned gives the engine's exact answer), with
 * payments, coupons, unpaid exits, arrears and cars still in the lots. Deterministic apart from `now`.
 */

/** Average orders per day over all lots: 90 days ≈ 108,000 orders. */
export const ORDERS_PER_DAY = 1200;
const DAY = 86_400_000;
const OFFSET = 8 * 3600_000;

const REASONS = ['道闸故障，人工抬杆放行', '车牌识别失败，人工放行', '救护车辆紧急放行'];

type Bill = { total: number; discount: number; ruleId: string | null; version: number | null };

/** One day of the history, handed over as it is made when the caller writes it day by day. */
export interface DayOfHistory {
  orders: NewOrder[];
  payments: NewPayment[];
  coupons: NewCoupon[];
  /** 1 for the oldest day … `of` for today */
  index: number;
  of: number;
}

export async function seedTraffic(
  tx: Db,
  opts: { days: number; now?: number; seed?: number; cards?: CardBook; onDay?: (day: DayOfHistory) => Promise<void> },
): Promise<number> {
  if (opts.days <= 0) return 0;
  const now = Math.floor((opts.now ?? Date.now()) / 60_000) * 60_000;
  const rnd = seededRandom(opts.seed ?? 20260101);
  const lots = await loadLots(tx);
  const bindings = await loadAllBindings(tx).catch(() => []);
  // coupons come from the enabled merchants serving the lot (server/coupons/seed.ts turns them into issued coupons)
  const merchants = (
    await tx.query<{ merchant_name: string; parking_ids: string[] }>(
      'select merchant_name, parking_ids from merchant where enabled_mark = 1 order by merchant_name',
    )
  ).rows;
  const cache = new Map<string, Bill>();
  const ruleOf = (lot: Lot, plateColor: number | null, carClass: number): FeeRuleSnapshot =>
    pickBinding(bindings, lot.id, plateColor, carClass) ?? RULE_A;
  const price = (
    rule: FeeRuleSnapshot,
    entry: number,
    minutes: number,
    carClass: number,
    coupons: FeeCoupon[],
    cover: FeeCover[] = [],
  ): Bill => {
    const exit = entry + minutes * 60_000;
    const run = (): Bill => {
      const b = priceStay({ rule, entry, exit, carClass, coupons, cover });
      return { total: b.totalCents, discount: b.discountCents, ruleId: b.ruleId, version: b.version };
    };
    if (coupons.length || cover.length) return run();
    // the engine reads only the wall clock and each date's working-day flag: this key is exact
    const first = Math.floor((entry + OFFSET) / DAY);
    const last = Math.floor((exit + OFFSET) / DAY);
    let flags = '';
    for (let d = first; d <= last; d++) flags += isWorkingDay(chinaDate(d * DAY)) ? 'w' : 'n';
    const key = `${rule.ruleId}|${rule.version}|${rule.ruleName}|${carClass}|${(entry + OFFSET) % DAY}|${minutes}|${flags}`;
    let hit = cache.get(key);
    if (!hit) cache.set(key, (hit = run()));
    return hit;
  };

  const weight = lots.reduce((s, l) => s + l.weight, 0);
  const orders: NewOrder[] = [];
  const payments: NewPayment[] = [];
  const coupons: NewCoupon[] = [];
  const today = Math.floor((now + OFFSET) / DAY);
  let seq = 0;
  let made = 0;
  // monthly and group card holders are the plates of the seeded cards (cards/seed-orders.ts)
  const assigner = opts.cards ? new CardAssigner(opts.cards, rnd) : null;
  const groupStays: (GroupStay & { o: NewOrder; lot: Lot; minutes: number })[] = [];
  // the last `days` × 24 h before now, so a test's slice is the same size at any hour
  const since = now - opts.days * DAY;
  for (let d = today - opts.days; d <= today; d++) {
    const midnight = d * DAY - OFFSET;
    const weekday = new Date(d * DAY).getUTCDay();
    const weekend = !isWorkingDay(chinaDate(midnight));
    const date = chinaDate(midnight).replaceAll('-', '');
    for (const lot of lots) {
      const n = Math.round(((ORDERS_PER_DAY * lot.weight) / weight) * dayFactor(weekday) * (0.9 + rnd() * 0.2));
      for (let i = 0; i < n; i++) {
        const hour = arrivalHour(rnd, weekend);
        const entry = midnight + hour * 3_600_000 + Math.floor(rnd() * 60) * 60_000;
        if (entry >= now || entry < since) continue;
        seq++;
        const minutes = stayMinutes(rnd, hour, weekend);
        const exit = entry + minutes * 60_000;
        const held = assigner?.assign(randomCar(rnd), lot.id, entry, exit) ?? { car: randomCar(rnd) };
        const car = held.car;
        const o: NewOrder = {
          id: `o-s${seq.toString(36).padStart(7, '0')}`,
          orderNo: `P${date}${lot.index}${String(i + 1).padStart(5, '0')}`,
          parkingId: lot.id,
          areaId: lot.zones.length && rnd() < 0.8 ? pick(rnd, lot.zones) : null,
          spaceNo: lot.onStreet && lot.spaces.length ? pick(rnd, lot.spaces) : '',
          ...car,
          source: lot.onStreet ? (rnd() < 0.7 ? 2 : 3) : rnd() < 0.96 ? 1 : rnd() < 0.75 ? 4 : 2,
          entryLaneId: lot.entryLanes.length ? pick(rnd, lot.entryLanes) : null,
          exitLaneId: null,
          entryTime: entry,
          exitTime: null,
          state: ORDER_STATE.IN_PARK,
          receivableCents: 0,
          discountCents: 0,
          paidCents: 0,
          owedCents: 0,
          payChannel: 0,
          payTime: null,
          ruleId: null,
          ruleVersion: null,
          collector: lot.onStreet ? pick(rnd, lot.collectors) : '',
          releaseReason: '',
        };
        orders.push(o);
        if (held.group)
          groupStays.push({ orderId: o.id, card: held.group, plate: car.plateNo, entry, exit: exit > now ? null : exit, o, lot, minutes });
        if (exit > now) continue; // still in the lot
        if (rnd() < 0.003) {
          o.state = ORDER_STATE.ABNORMAL; // the plate entered again without an exit
          continue;
        }
        o.exitTime = exit;
        o.exitLaneId = lot.exitLanes.length ? pick(rnd, lot.exitLanes) : null;
        if (held.group) continue; // priced once the slots are played (below)
        if (cardCovered(car.carClass) && !held.month) {
          o.state = ORDER_STATE.EXITED_FREE;
          continue;
        }
        const cover = held.month ? monthCover(held.month, entry, exit) : [];
        if (cover.length) o.cardCover = JSON.stringify(cover);
        const rule = ruleOf(lot, car.plateColor, car.carClass);
        const serving = merchants.filter((m) => m.parking_ids.includes(lot.id)).map((m) => m.merchant_name);
        const coupon: FeeCoupon[] =
          !lot.onStreet && serving.length && !cover.length && rnd() < 0.12 ? [{ kind: 'amount', cents: rnd() < 0.5 ? 300 : 500 }] : [];
        const bill = price(rule, entry, minutes, car.carClass, coupon, cover);
        Object.assign(o, { ruleId: bill.ruleId, ruleVersion: bill.version, receivableCents: bill.total, discountCents: bill.discount });
        if (coupon.length && bill.discount > 0)
          coupons.push({
            orderId: o.id,
            couponNo: `CP${date}${String(seq).padStart(7, '0')}`,
            merchantName: pick(rnd, serving),
            couponType: 1,
            faceValue: (coupon[0] as { cents: number }).cents,
            deductedCents: bill.discount,
            useTime: exit - 60_000,
          });
        const due = bill.total - bill.discount;
        if (due === 0) {
          o.state = bill.total === 0 ? ORDER_STATE.EXITED_FREE : ORDER_STATE.COMPLETED;
          continue;
        }
        const channel = payChannelOf(rnd, lot.onStreet);
        const pay = (ch: number, at: number) => {
          Object.assign(o, { payChannel: ch, payTime: at, paidCents: due, owedCents: 0 });
          const cash = ch === 3;
          payments.push({
            orderId: o.id,
            channel: ch,
            serialNo: serialOf(ch, at, seq),
            payTime: at,
            valueCents: due,
            changeCents: cash ? Math.ceil(due / 1000) * 1000 - due : 0,
            operator: cash || lot.onStreet ? o.collector || '收费员' : '',
          });
        };
        if (channel !== 0) {
          // e-payments often happen at a pay point before the barrier, inside the grace
          const at = channel !== 3 && channel !== 5 && rnd() < 0.35 ? exit - (1 + Math.floor(rnd() * 12)) * 60_000 : exit;
          pay(channel, Math.max(entry, at));
          o.state = ORDER_STATE.COMPLETED;
          continue;
        }
        o.owedCents = due;
        const age = now - exit;
        const r = rnd();
        if (r < 0.08) Object.assign(o, { state: ORDER_STATE.MANUAL_RELEASE, releaseReason: pick(rnd, REASONS) });
        else if (age < 3 * DAY) o.state = r < 0.3 ? ORDER_STATE.PAY_LATER : ORDER_STATE.UNPAID_WAITING;
        else if (r < 0.35) {
          const at = Math.min(now - 60_000, exit + Math.floor(rnd() * age * 0.8));
          pay(rnd() < 0.6 ? 1 : 2, at);
          o.state = ORDER_STATE.RECOVERED;
        } else if (r < 0.42) Object.assign(o, { state: ORDER_STATE.WRITTEN_OFF, discountCents: o.discountCents + due, owedCents: 0 });
        else o.state = ORDER_STATE.ARREARS;
      }
    }
    if (opts.onDay) {
      // a group card's stays are priced once the slots are played (below): they wait for the end
      const waiting = new Set(groupStays.map((g) => g.o.id));
      const ready = orders.filter((o) => !waiting.has(o.id));
      made += ready.length;
      await opts.onDay({ orders: ready, payments, coupons, index: d - today + opts.days + 1, of: opts.days + 1 });
      const kept = orders.filter((o) => waiting.has(o.id));
      orders.length = payments.length = coupons.length = 0;
      orders.push(...kept);
    }
  }
  // group stays: who held a slot when decides what each paid (§7.4); one who waited pays the wait by WeChat
  const slots: unknown[][] = [[], [], [], [], [], [], [], []];
  for (const { stay, holdFrom, cover } of settleGroupStays(groupStays)) {
    const { o, lot, minutes } = stay as (typeof groupStays)[number];
    [`gs-s${o.id.slice(3)}`, stay.card.id, lot.id, stay.plate, o.id, stay.entry, holdFrom, stay.exit].forEach((v, i) => slots[i].push(v));
    if (stay.exit === null) continue;
    if (cover.length) o.cardCover = JSON.stringify(cover);
    const bill = price(ruleOf(lot, o.plateColor, 3), stay.entry, minutes, 3, [], cover);
    Object.assign(o, { ruleId: bill.ruleId, ruleVersion: bill.version, receivableCents: bill.total, state: ORDER_STATE.EXITED_FREE });
    if (bill.total === 0) continue;
    Object.assign(o, { state: ORDER_STATE.COMPLETED, payChannel: 1, payTime: stay.exit, paidCents: bill.total });
    payments.push({
      orderId: o.id,
      channel: 1,
      serialNo: serialOf(1, stay.exit, ++seq),
      payTime: stay.exit,
      valueCents: bill.total,
      changeCents: 0,
      operator: '',
    });
  }
  // the group stays with their slots in one transaction: written day by day, the server runs
  // meanwhile, and its traffic must not let out a stay whose slot is not written yet
  await tx.transaction(async (t) => {
    await insertOrders(t, orders, payments, coupons);
    if (slots[0].length)
      await t.query(
        `insert into group_card_slot (id, group_card_id, parking_id, plate_no, order_id, entry_time, hold_from, left_time)
         select id, card, lot, plate, order_id, to_timestamp(entry / 1000.0), to_timestamp(hold / 1000.0), to_timestamp(left_at / 1000.0)
           from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[], $8::float8[])
             as t(id, card, lot, plate, order_id, entry, hold, left_at)`,
        slots,
      );
  });
  return made + orders.length;
}
