import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { PAY_CHANNEL } from '../../domain/parking-codes.ts';
import type { DashboardReceived } from '../../domain/dashboard.ts';
import { lotFilter } from './window.ts';

/**
 * Money figures on the cash-flow basis: what was received (payment time) minus what was paid back
 * (the refund's day: when the channel returned it), from the kept daily totals of every movement
 * (migration 026: parking payments, arrears recoveries, cards, merchants' top-ups, charging,
 * payments held unapplied). Receivable (exit-time basis) is parking.ts endedStays.
 */

/** where money came from */
export const MONEY_SOURCES = ['parking', 'arrears', 'card', 'merchant', 'charging', 'unapplied'] as const;
export type MoneySource = (typeof MONEY_SOURCES)[number];
export const MONEY_SOURCE_LABEL: Record<MoneySource, string> = {
  parking: '停车费',
  arrears: '欠费追缴',
  card: '月卡/团体卡',
  merchant: '商户预存',
  charging: '充电',
  unapplied: '待退回（未入账）',
};

/** the pay channels as finance names them (8: a merchant's bank transfer) */
export const FINANCE_CHANNEL: Record<number, string> = { ...PAY_CHANNEL, 0: '其他', 8: '对公转账' };
export const CASH_CHANNEL = 3;

export interface MoneyRow {
  day: string;
  parkingId: string;
  channel: number;
  source: MoneySource;
  /** received, cents (≥ 0) */
  inCents: number;
  /** paid back, cents (≥ 0) */
  refundCents: number;
  /** movements behind the row (payments and refunds) */
  moves: number;
}

/**
 * The kept totals of days `first`…`last` (China days, inclusive), one row per day, lot, channel
 * and source. Money without a lot (a charging station outside any lot) is seen by unrestricted
 * users only.
 */
export async function moneyRows(db: Db, lots: LotScope, first: string, last: string): Promise<MoneyRow[]> {
  const params: unknown[] = [first, last];
  const scope = lotFilter('parking_id', lots, params);
  const { rows } = await db.query<{
    day: string;
    parking_id: string;
    channel: number;
    source: MoneySource;
    kind: string;
    cents: string;
    moves: string;
  }>(
    `select to_char(day, 'YYYY-MM-DD') as day, parking_id, channel, source, kind, cents, moves
       from finance_day where day between $1::date and $2::date${scope} and moves <> 0`,
    params,
  );
  const key = (r: { day: string; parking_id: string; channel: number; source: string }) =>
    `${r.day}|${r.parking_id}|${r.channel}|${r.source}`;
  const out = new Map<string, MoneyRow>();
  for (const r of rows) {
    const k = key(r);
    const row = out.get(k) ?? {
      day: r.day,
      parkingId: r.parking_id,
      channel: r.channel,
      source: r.source,
      inCents: 0,
      refundCents: 0,
      moves: 0,
    };
    if (r.kind === 'refund') row.refundCents -= Number(r.cents);
    else row.inCents += Number(r.cents);
    row.moves += Number(r.moves);
    out.set(k, row);
  }
  return [...out.values()].sort((a, b) => a.day.localeCompare(b.day) || a.parkingId.localeCompare(b.parkingId) || a.channel - b.channel);
}

/** received, refunded and net (received − refunds), cents */
export type Received = DashboardReceived;

/** Received, refunded and net over `rows`, optionally only those `pick` keeps. */
export function received(rows: MoneyRow[], pick: (r: MoneyRow) => boolean = () => true): Received {
  let inCents = 0;
  let refundCents = 0;
  for (const r of rows)
    if (pick(r)) {
      inCents += r.inCents;
      refundCents += r.refundCents;
    }
  return { inCents, refundCents, netCents: inCents - refundCents };
}

/** Net received per channel, biggest first (channels that moved nothing left out). */
export function byChannel(rows: MoneyRow[]): { channel: number; name: string; inCents: number; refundCents: number; netCents: number }[] {
  const channels = [...new Set(rows.map((r) => r.channel))];
  return channels
    .map((channel) => ({ channel, name: FINANCE_CHANNEL[channel] ?? String(channel), ...received(rows, (r) => r.channel === channel) }))
    .filter((c) => c.inCents !== 0 || c.refundCents !== 0)
    .sort((a, b) => b.netCents - a.netCents || a.channel - b.channel);
}
