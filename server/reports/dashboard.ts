import type { Db } from '../db/database.ts';
import type { LotScope } from '../resource/lot-scope.ts';
import { hourlyFlow, lotOccupancy, occupancyTotals, stayFigures, timeUtilisation, turnover } from '../figures/parking.ts';
import { byChannel, moneyRows, received } from '../figures/money.ts';
import { chinaDate, DAY_MS } from '../../domain/china-time.ts';
import { todayWindow, yesterdaySoFar } from '../figures/window.ts';
import { connectorsByState, energyWh, sessionsNow, stationRevenue } from '../figures/charging.ts';
import { dashboardTodos } from './todos.ts';
import type { DashboardAnswer } from '../../domain/dashboard.ts';

/**
 * The home dashboard's answer: each card only when the user holds its screen's menu, every figure
 * from server/figures/ over the user's lots, today so far beside the same stretch of yesterday.
 */

export interface DashboardAccess {
  lots: LotScope;
  menus: Set<string>;
}

/** a card and the menus that show it (any one of them) */
export const CARD_MENUS = {
  traffic: ['parkingRecordOrder'],
  income: ['financeDaily', 'financeChannel'],
  lots: ['parkingAdmin', 'parkingRecordOrder'],
  charging: ['chargingOrder', 'financeCharging'],
} as const;

const holds = (a: DashboardAccess, menus: readonly string[]) => menus.some((m) => a.menus.has(m));

async function trafficCard(db: Db, a: DashboardAccess, now: number) {
  const today = todayWindow(a.lots, now);
  const yesterday = yesterdaySoFar(today);
  const lots = await lotOccupancy(db, a.lots);
  const totals = occupancyTotals(lots);
  const today_ = await stayFigures(db, today);
  const yesterday_ = await stayFigures(db, yesterday);
  const [flowToday, flowYesterday, endedToday, endedYesterday] = [today_.flow, yesterday_.flow, today_.ended, yesterday_.ended];
  const hourly = await hourlyFlow(db, { lots: a.lots, from: now - 24 * 3_600_000 + 1, to: now + 1 });
  const utilisation = await timeUtilisation(db, today, totals.spaces);
  return {
    ...totals,
    entries: { today: flowToday.entries, yesterday: flowYesterday.entries },
    exits: { today: flowToday.exits, yesterday: flowYesterday.exits },
    averageStayMinutes: { today: endedToday.averageStayMinutes, yesterday: endedYesterday.averageStayMinutes },
    turnover: { today: turnover(endedToday.ended, totals.spaces), yesterday: turnover(endedYesterday.ended, totals.spaces) },
    zeroFeeShare: { today: endedToday.zeroFeeShare, yesterday: endedYesterday.zeroFeeShare },
    receivableCents: { today: endedToday.receivableCents, yesterday: endedYesterday.receivableCents },
    discountCents: { today: endedToday.discountCents, yesterday: endedYesterday.discountCents },
    timeUtilisation: utilisation,
    hourly,
    lots,
  };
}

async function incomeCard(db: Db, a: DashboardAccess, now: number) {
  const todayDay = chinaDate(now);
  const yesterdayDay = chinaDate(now - DAY_MS);
  const rows = await moneyRows(db, a.lots, yesterdayDay, todayDay);
  const today = rows.filter((r) => r.day === todayDay);
  // yesterday's whole day: money is compared day to day, as the daily report shows it
  const yesterday = rows.filter((r) => r.day === yesterdayDay);
  return { today: received(today), yesterday: received(yesterday), byChannel: byChannel(today) };
}

async function chargingCard(db: Db, a: DashboardAccess, now: number) {
  const today = todayWindow(a.lots, now);
  const yesterday = yesterdaySoFar(today);
  const stations = await stationRevenue(db, today);
  return {
    sessionsNow: await sessionsNow(db, a.lots),
    connectors: await connectorsByState(db, a.lots),
    energyWh: { today: await energyWh(db, today), yesterday: await energyWh(db, yesterday) },
    receivedCents: stations.reduce((s, r) => s + r.receivedCents, 0),
  };
}

export async function dashboard(db: Db, a: DashboardAccess, demo: boolean, now = Date.now()): Promise<DashboardAnswer> {
  const out: DashboardAnswer = { at: now, demo, todos: await dashboardTodos(db, a, now) };
  if (holds(a, CARD_MENUS.traffic) || holds(a, CARD_MENUS.lots)) out.traffic = await trafficCard(db, a, now);
  if (holds(a, CARD_MENUS.income)) out.income = await incomeCard(db, a, now);
  if (holds(a, CARD_MENUS.charging)) out.charging = await chargingCard(db, a, now);
  return out;
}
