import type { Db } from '../db/database.ts';
import { UNPLATED } from '../../domain/field-rules.ts';
import { CARD_STATUS as S, type CardStatus, type PeriodKind, type TimeWindow } from '../../domain/card-codes.ts';
import { chinaDate } from '../../domain/china-time.ts';
import type { CardTerm } from '../fees/card-cover.ts';
import { randomPlate, seededRandom } from '../services/parking-plates.ts';
import { addDays, periodEnd } from './renewal.ts';
import { statusByDate } from './state-machine.ts';

/**
 * The demo cards, seeded before the order history so the history's card stays are priced with them
 * (seed/traffic.ts): products, about 300 monthly cards in every state (their period, status,
 * opening payment and audit rows agree with the dates), and three group cards in garages.
 */

interface Product {
  id: string;
  name: string;
  kind: PeriodKind;
  days: number;
  cents: number;
  window: TimeWindow;
  garagesOnly: boolean;
}

const PRODUCTS: Product[] = [
  { id: 'cp-month', name: '标准月卡', kind: 1, days: 0, cents: 30000, window: 1, garagesOnly: false },
  { id: 'cp-quarter', name: '季卡', kind: 2, days: 0, cents: 85000, window: 1, garagesOnly: false },
  { id: 'cp-year', name: '年卡', kind: 3, days: 0, cents: 300000, window: 1, garagesOnly: true },
  { id: 'cp-night', name: '夜间月卡', kind: 1, days: 0, cents: 15000, window: 3, garagesOnly: false },
  { id: 'cp-workday', name: '工作日月卡', kind: 1, days: 0, cents: 20000, window: 4, garagesOnly: false },
  { id: 'cp-10days', name: '10天卡', kind: 4, days: 10, cents: 12000, window: 1, garagesOnly: true },
];

const COMPANIES = ['深圳南山科技园创新有限公司', '福田中心区金融服务有限公司', '前海物流供应链有限公司'];
const OWNERS = ['王先生', '李女士', '张先生', '刘女士', '陈先生', '杨女士', '赵先生', '黄女士', '周先生', '吴女士'];

export interface CardPlate {
  plateNo: string;
  plateColor: number | null;
}
export interface SeededMonthCard extends CardPlate {
  term: CardTerm;
  status: CardStatus;
}
export interface SeededGroupCard {
  id: string;
  /** the 2-slot card: its stays are scripted (seedShowcaseStays), not random */
  showcase: boolean;
  lotId: string;
  slots: number;
  term: CardTerm;
  plates: CardPlate[];
}
/** The cards of each lot, for the order history. */
export interface CardBook {
  month: Map<string, SeededMonthCard[]>;
  group: Map<string, SeededGroupCard>;
}

const phone = (rnd: () => number) => `13${Math.floor(rnd() * 10)}${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`;

function plate(rnd: () => number, taken: Set<string>): CardPlate {
  for (;;) {
    const p = randomPlate(rnd);
    if (p.plateNo !== UNPLATED && !taken.has(p.plateNo)) {
      taken.add(p.plateNo);
      return p;
    }
  }
}

export async function seedCards(tx: Db, opts: { now?: number; count?: number } = {}): Promise<CardBook> {
  const rnd = seededRandom(20260424);
  const today = chinaDate(opts.now ?? Date.now());
  const { rows: lots } = await tx.query<{ id: string; type: number }>(
    'select id, type from parking where enabled_mark = 1 order by parking_code',
  );
  const garages = lots.filter((l) => Number(l.type) !== 0).map((l) => l.id);
  const all = lots.map((l) => l.id);
  await tx.query(
    `insert into card_product (id, product_name, period_kind, period_days, price_cents, time_window, parking_ids, renew_limit_days, renew_from, max_periods)
     select id, name, kind, days, cents, win, case when id in ('cp-year', 'cp-10days') then $7::text[] else $8::text[] end, 7, 1, 12
       from unnest($1::text[], $2::text[], $3::int2[], $4::int4[], $5::int8[], $6::int2[]) as t(id, name, kind, days, cents, win)`,
    [
      PRODUCTS.map((p) => p.id),
      PRODUCTS.map((p) => p.name),
      PRODUCTS.map((p) => p.kind),
      PRODUCTS.map((p) => p.days),
      PRODUCTS.map((p) => p.cents),
      PRODUCTS.map((p) => p.window),
      garages,
      all,
    ],
  );

  const taken = new Set<string>();
  const book: CardBook = { month: new Map(), group: new Map() };
  const cards: Record<string, unknown[]> = {};
  const col = (k: string, v: unknown) => (cards[k] ??= []).push(v);
  const pays: Record<string, unknown[]> = {};
  const pay = (k: string, v: unknown) => (pays[k] ??= []).push(v);
  const count = opts.count ?? 320;
  for (let i = 0; i < count; i++) {
    const lotId = all[i % all.length];
    const choices = PRODUCTS.filter((p) => !p.garagesOnly || garages.includes(lotId));
    const p = choices[Math.floor(rnd() * choices.length)];
    const periods = p.kind === 3 ? 1 : 1 + Math.floor(rnd() * 3);
    const start = addDays(today, -Math.floor(rnd() * 130) + 6);
    const end = periodEnd(start, { periodKind: p.kind, periodDays: p.days }, periods);
    let status: CardStatus = start > today || rnd() < 0.05 ? S.PENDING_PAY : statusByDate(end, today);
    if (status === S.ACTIVE && rnd() < 0.08) status = S.FROZEN;
    const plates = [plate(rnd, taken), ...(rnd() < 0.15 ? [plate(rnd, taken)] : [])];
    const id = `mc-s${i.toString(36).padStart(4, '0')}`;
    const cardNo = `YK${start.replaceAll('-', '')}${String(i).padStart(6, '0')}`;
    col('id', id);
    col('card_no', cardNo);
    col('product_id', p.id);
    col('parking_id', lotId);
    col('plate_nos', plates.map((x) => x.plateNo).join(','));
    col('owner_name', OWNERS[i % OWNERS.length]);
    col('owner_phone', phone(rnd));
    col('periods', periods);
    col('start_date', start);
    col('end_date', end);
    col('status', status);
    col('freeze_reason', status === S.FROZEN ? '车主申请报停' : '');
    const term: CardTerm = { cardNo, kind: 'month', startDate: start, endDate: end, timeWindow: p.window };
    const list = book.month.get(lotId) ?? [];
    for (const x of plates) list.push({ ...x, term, status });
    book.month.set(lotId, list);
    if (status !== S.PENDING_PAY) {
      pay('id', `cpay-s${i.toString(36)}`);
      pay('card_id', id);
      pay('card_no', cardNo);
      pay('parking_id', lotId);
      pay('periods', periods);
      pay('period_start', start);
      pay('period_end', end);
      pay('amount_cents', p.cents * periods);
      pay('channel', 1 + Math.floor(rnd() * 3));
      pay('pay_time', `${addDays(start, -Math.floor(rnd() * 3))}T${String(9 + Math.floor(rnd() * 9)).padStart(2, '0')}:15:00+08:00`);
    }
  }
  await tx.query(
    `insert into month_card (id, card_no, product_id, parking_id, plate_nos, owner_name, owner_phone, periods, start_date, end_date, status, freeze_reason, create_time,
                             amount_cents)
     select id, card_no, product_id, parking_id, string_to_array(plate_nos, ','), owner_name, owner_phone, periods, start_date, end_date, status, freeze_reason,
            start_date - 3 + time '10:00', (select price_cents from card_product p where p.id = product_id) * periods
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int4[], $9::date[], $10::date[], $11::int2[], $12::text[])
         as t(id, card_no, product_id, parking_id, plate_nos, owner_name, owner_phone, periods, start_date, end_date, status, freeze_reason)`,
    [
      'id',
      'card_no',
      'product_id',
      'parking_id',
      'plate_nos',
      'owner_name',
      'owner_phone',
      'periods',
      'start_date',
      'end_date',
      'status',
      'freeze_reason',
    ].map((k) => cards[k]),
  );

  // three companies in garages: 2, 3 and 5 slots shared by 4, 6 and 10 plates
  const groups: unknown[][] = Array.from({ length: 10 }, () => []);
  [
    [2, 4],
    [3, 6],
    [5, 10],
  ].forEach(([slots, n], i) => {
    const lotId = garages[i % garages.length] ?? all[0];
    const plates = Array.from({ length: n }, () => plate(rnd, taken));
    const start = addDays(today, -75);
    const end = addDays(today, 290);
    const id = `gc-s${i}`;
    const cardNo = `TT${start.replaceAll('-', '')}${String(i + 1).padStart(6, '0')}`;
    [id, cardNo, COMPANIES[i], OWNERS[i], phone(rnd), lotId, slots, plates.map((x) => x.plateNo).join(','), start].forEach((v, k) =>
      groups[k].push(v),
    );
    groups[9].push(end);
    book.group.set(lotId, {
      id,
      showcase: i === 0,
      lotId,
      slots,
      plates,
      term: { cardNo, kind: 'group', startDate: start, endDate: end, timeWindow: 1 },
    });
    for (const k of Object.keys(pays)) {
      const v: Record<string, unknown> = {
        id: `cpay-g${i}`,
        card_id: id,
        card_no: cardNo,
        parking_id: lotId,
        periods: 1,
        period_start: start,
        period_end: end,
        amount_cents: slots * 300000,
        channel: 4,
        pay_time: `${addDays(start, -2)}T10:00:00+08:00`,
      };
      pays[k].push(v[k]);
    }
  });
  await tx.query(
    `insert into group_card (id, card_no, company_name, contact_name, contact_phone, parking_id, slots, plate_nos, price_cents, start_date, end_date, status, create_time)
     select id, card_no, company_name, contact_name, contact_phone, parking_id, slots, string_to_array(plate_nos, ','), slots * 300000, start_date, end_date, 1,
            start_date - 2 + time '10:00'
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int4[], $8::text[], $9::date[], $10::date[])
         as t(id, card_no, company_name, contact_name, contact_phone, parking_id, slots, plate_nos, start_date, end_date)`,
    groups,
  );
  await tx.query(
    `insert into card_payment (id, card_kind, card_id, card_no, parking_id, pay_kind, periods, period_start, period_end, amount_cents, channel, serial_no, pay_time, operator)
     select id, case when id like 'cpay-g%' then 'group' else 'month' end, card_id, card_no, parking_id, 1, periods, period_start, period_end, amount_cents, channel,
            'CP' || md5(id), pay_time, '收费员'
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int4[], $6::date[], $7::date[], $8::int8[], $9::int2[], $10::timestamptz[])
         as t(id, card_id, card_no, parking_id, periods, period_start, period_end, amount_cents, channel, pay_time)`,
    ['id', 'card_id', 'card_no', 'parking_id', 'periods', 'period_start', 'period_end', 'amount_cents', 'channel', 'pay_time'].map(
      (k) => pays[k],
    ),
  );
  // the audit of what happened to them: paid (by the collector), frozen, and the calendar's moves
  await tx.query(
    `insert into card_audit (id, card_kind, card_id, action, operator, operate_time, before, after, reason)
     select 'ca-p' || p.id, p.card_kind, p.card_id, 'pay', '收费员', p.pay_time, '{"status":0}'::jsonb, '{"status":1}'::jsonb, '开卡收款'
       from card_payment p
     union all
     select 'ca-f' || c.id, 'month', c.id, 'freeze', '系统管理员（admin）', now() - interval '3 days', '{"status":1}', '{"status":4}', c.freeze_reason
       from month_card c where c.status = 4
     union all
     select 'ca-e' || c.id, 'month', c.id, case when c.status = 3 then 'expire' else 'remind' end, '系统',
            case when c.status = 3 then c.end_date + 1 else c.end_date - 7 end + time '00:01', '{"status":1}',
            jsonb_build_object('status', c.status), '到期状态按日历自动变更'
       from month_card c where c.status in (2, 3)`,
  );
  return book;
}

/**
 * The 2-slot group card as the demo (and the end-to-end test) shows it: three of its plates are in
 * the lot now, entered 3, 2 and 1 hours ago; the first two hold the slots, the third waits and is
 * billed as temporary until one of them leaves.
 */
export async function seedShowcaseStays(tx: Db, book: CardBook, now = Date.now()): Promise<void> {
  const card = [...book.group.values()].find((g) => g.showcase);
  if (!card) return;
  const date = chinaDate(now).replaceAll('-', '');
  for (const [i, p] of card.plates.slice(0, card.slots + 1).entries()) {
    const entry = new Date(now - (3 - i) * 3_600_000);
    const orderId = `o-gc${i}`;
    await tx.query(
      `insert into parking_order (id, order_no, parking_id, plate_no, plate_color, plate_grams, car_class, source, entry_lane_id, entry_time, create_time)
       values ($1, $2, $3, $4, $5, plate_grams($4), 3, 1,
               (select id from parking_lane where parking_id = $3 and direction in (1, 3) order by id limit 1), $6, $6)`,
      [orderId, `P${date}99${String(i + 1).padStart(5, '0')}`, card.lotId, p.plateNo, p.plateColor, entry],
    );
    await tx.query(
      `insert into group_card_slot (id, group_card_id, parking_id, plate_no, order_id, entry_time, hold_from) values ($1, $2, $3, $4, $5, $6, $7)`,
      [`gs-gc${i}`, card.id, card.lotId, p.plateNo, orderId, entry, i < card.slots ? entry : null],
    );
  }
}
