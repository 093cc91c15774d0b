import type { StationRevenue } from '../figures/charging.ts';
import { MONEY_SOURCES } from '../figures/money.ts';
import type { ChannelRow } from './channel.ts';
import type { DailyRow } from './daily.ts';

/** The charts beside the reports' tables, in yuan and kWh (a chart's JSON config cannot divide). */

const yuan = (cents: number) => Math.round(cents) / 100;

/** cash, electronic, refunds and net per day, the lots added up */
export function dailyChart(rows: DailyRow[]): { day: string; cash: number; electronic: number; refund: number; net: number }[] {
  const days = [...new Set(rows.map((r) => r.day))].sort();
  return days.map((day) => {
    const mine = rows.filter((r) => r.day === day);
    const sum = (k: keyof DailyRow) => mine.reduce((s, r) => s + (r[k] as number), 0);
    return {
      day,
      cash: yuan(sum('cashCents')),
      electronic: yuan(sum('electronicCents')),
      refund: yuan(sum('refundCents')),
      net: yuan(sum('netCents')),
    };
  });
}

export function channelChart(rows: ChannelRow[]): { name: string; value: number }[] {
  return rows.filter((r) => r.netCents > 0).map((r) => ({ name: r.channelLabel, value: yuan(r.netCents) }));
}

export function channelTotals(rows: ChannelRow[]): Omit<ChannelRow, 'channel' | 'channelLabel' | 'share' | 'sharePercent'> {
  const sum = (f: (r: ChannelRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  return {
    inCents: sum((r) => r.inCents),
    refundCents: sum((r) => r.refundCents),
    netCents: sum((r) => r.netCents),
    moves: sum((r) => r.moves),
    bySource: Object.fromEntries(MONEY_SOURCES.map((s) => [s, sum((r) => r.bySource[s])])) as ChannelRow['bySource'],
  };
}

export function chargingChart(rows: StationRevenue[]): { station: string; received: number; kwh: number }[] {
  return rows.map((r) => ({ station: r.stationName, received: yuan(r.receivedCents), kwh: Math.round(r.energyWh / 10) / 100 }));
}
