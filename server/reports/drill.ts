import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { FINANCE_CHANNEL, MONEY_SOURCE_LABEL, type MoneySource } from '../figures/money.ts';
import { lotFilter } from '../figures/window.ts';
import type { ReportRange } from './range.ts';

/**
 * The payments and refunds behind a report row: every movement of the range (China days), of a
 * lot, a channel or a source when given, read from the same definitions the kept totals are
 * written from (finance_move_all), with the record each belongs to.
 */

export interface Movement {
  /** payment, refund, card, merchant, charging, chargingRefund, public */
  kind: string;
  id: string;
  /** epoch ms */
  at: number;
  parkingId: string;
  channel: number;
  channelLabel: string;
  source: MoneySource;
  sourceLabel: string;
  /** 'in' or 'refund' */
  direction: string;
  /** signed: refunds negative */
  cents: number;
  /** the order, card, merchant or refund number it belongs to */
  ref: string;
}

export interface DrillFilter {
  parkingId?: string;
  /** only the money of no lot */
  noLot?: number;
  channel?: number;
  source?: string;
  /** a charging station: its sessions' payments and refunds */
  stationId?: string;
}

export const DRILL_LIMIT = 5000;

export async function movementsBehind(
  db: Db,
  lots: LotScope,
  r: ReportRange,
  f: DrillFilter,
): Promise<{ list: Movement[]; more: boolean }> {
  const params: unknown[] = [r.first, r.last];
  let where = lotFilter("coalesce(m.parking_id, '')", lots, params);
  // money of no lot (a station outside every lot) is asked for by noLot: an empty parkingId is no filter
  if (f.noLot) where += ` and coalesce(m.parking_id, '') = ''`;
  else if (f.parkingId) {
    params.push(f.parkingId);
    where += ` and m.parking_id = $${params.length}`;
  }
  if (f.channel !== undefined) {
    params.push(f.channel);
    where += ` and m.channel = $${params.length}`;
  }
  if (f.stationId !== undefined) {
    params.push(f.stationId);
    where += ` and ((m.src = 'charging' and m.src_id in (select id from charging_order where station_id = $${params.length}))
                 or (m.src = 'chargingRefund' and m.src_id in (select c.id from charging_refund c join charging_order o on o.id = c.order_id
                                                                where o.station_id = $${params.length})))`;
  }
  if (f.source !== undefined) {
    params.push(f.source);
    where += ` and m.source = $${params.length}`;
  }
  const { rows } = await db.query<{
    src: string;
    src_id: string;
    at: Date;
    parking_id: string | null;
    channel: number;
    source: MoneySource;
    kind: string;
    cents: string;
    ref: string | null;
  }>(
    `select m.src, m.src_id, m.at, m.parking_id, m.channel, m.source, m.kind, m.cents,
            case m.src
              when 'payment' then (select o.order_no from parking_order_payment p join parking_order o on o.id = p.order_id where p.id = m.src_id)
              when 'refund' then (select refund_no from parking_order_refund where id = m.src_id)
              when 'card' then (select card_no from card_payment where id = m.src_id)
              when 'merchant' then (select x.merchant_name from merchant_ledger l join merchant x on x.id = l.merchant_id where l.id = m.src_id)
              when 'charging' then (select order_no from charging_order where id = m.src_id)
              when 'chargingRefund' then (select o.order_no from charging_refund c join charging_order o on o.id = c.order_id where c.id = m.src_id)
              else m.src_id end as ref
       from finance_move_all m
      where m.at >= ($1::date)::timestamp at time zone 'Asia/Shanghai' and m.at < ($2::date + 1)::timestamp at time zone 'Asia/Shanghai'${where}
      order by m.at, m.src_id limit ${DRILL_LIMIT + 1}`,
    params,
  );
  return {
    more: rows.length > DRILL_LIMIT,
    list: rows.slice(0, DRILL_LIMIT).map((m) => ({
      kind: m.src,
      id: m.src_id,
      at: new Date(m.at).getTime(),
      parkingId: m.parking_id ?? '',
      channel: m.channel,
      channelLabel: FINANCE_CHANNEL[m.channel] ?? String(m.channel),
      source: m.source,
      sourceLabel: MONEY_SOURCE_LABEL[m.source] ?? m.source,
      direction: m.kind,
      cents: Number(m.cents),
      ref: m.ref ?? '',
    })),
  };
}
