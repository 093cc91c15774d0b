import type { RegionalStats } from '../../domain/live-screens.ts';
import type { Db } from '../db/database.ts';
import { connectorsByState, energyWh } from '../figures/charging.ts';
import { endedStays, flow, lotOccupancy, occupancyTotals, timeUtilisation, turnover } from '../figures/parking.ts';
import { stationCount } from '../figures/stations.ts';
import { todayWindow } from '../figures/window.ts';
import { simulatorsRunning } from './demo-flag.ts';
import { pct } from './screens/shape.ts';

/**
 * /activity's figures (money-and-charging.md §10.4) for the whole region, today so far: counts
 * and shares only, nothing that names a car or a person. Each is a figure definition of
 * server/figures/; this only gathers them.
 */
export async function regionalStats(db: Db, now: number): Promise<RegionalStats> {
  const w = todayWindow(null, now);
  const [lots, passing, ended, stations, connectors, wh, demo] = await Promise.all([
    lotOccupancy(db, null),
    flow(db, w),
    endedStays(db, w),
    stationCount(db, null),
    connectorsByState(db, null),
    energyWh(db, w),
    simulatorsRunning(db),
  ]);
  const t = occupancyTotals(lots);
  return {
    at: now,
    demo,
    lots: lots.length,
    spaces: t.spaces,
    carsInPark: t.inPark,
    utilisationPct: pct(await timeUtilisation(db, w, t.spaces)),
    turnover: Math.round(turnover(ended.ended, t.spaces) * 100) / 100,
    averageStayMinutes: ended.averageStayMinutes,
    entriesToday: passing.entries,
    exitsToday: passing.exits,
    stations,
    connectors: connectors.reduce((s, c) => s + c.count, 0),
    energyWhToday: wh,
  };
}
