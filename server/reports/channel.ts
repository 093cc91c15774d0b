import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { FINANCE_CHANNEL, MONEY_SOURCES, type MoneySource, moneyRows, received } from '../figures/money.ts';
import type { ReportRange } from './range.ts';

/**
 * 渠道收入: money by pay channel over the range, cash-flow basis (payment time; refunds on the
 * day the channel paid them back), split by where it came from.
 */

export interface ChannelRow {
  channel: number;
  channelLabel: string;
  inCents: number;
  refundCents: number;
  netCents: number;
  moves: number;
  /** this channel's share of the range's net, 0–1 */
  share: number;
  /** the share in percent, one decimal (the screen's 占比) */
  sharePercent: number;
  /** net per source: parkingCents, arrearsCents, cardCents, merchantCents, chargingCents, unappliedCents */
  bySource: Record<MoneySource, number>;
}

export async function channelReport(db: Db, lots: LotScope, r: ReportRange): Promise<ChannelRow[]> {
  const money = await moneyRows(db, lots, r.first, r.last);
  const total = received(money).netCents;
  const channels = [...new Set(money.map((m) => m.channel))].sort((a, b) => a - b);
  return channels
    .map((channel) => {
      const mine = money.filter((m) => m.channel === channel);
      const sum = received(mine);
      const bySource = Object.fromEntries(MONEY_SOURCES.map((s) => [s, received(mine, (m) => m.source === s).netCents])) as Record<
        MoneySource,
        number
      >;
      return {
        channel,
        channelLabel: FINANCE_CHANNEL[channel] ?? String(channel),
        ...sum,
        moves: mine.reduce((n, m) => n + m.moves, 0),
        share: total !== 0 ? sum.netCents / total : 0,
        sharePercent: total !== 0 ? Math.round((sum.netCents / total) * 1000) / 10 : 0,
        bySource,
      };
    })
    .filter((c) => c.moves !== 0);
}
