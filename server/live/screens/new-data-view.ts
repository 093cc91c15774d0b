import type { NewDataViewPanels } from '../../../domain/live-screens.ts';
import { connectorsByState, energyWh, sessionsNow } from '../../figures/charging.ts';
import { hourlyFlow, lotOccupancy, occupancyTotals } from '../../figures/parking.ts';
import { stationCount } from '../../figures/stations.ts';
import { todayWindow } from '../../figures/window.ts';
import type { Panel, ScreenDef } from '../screen.ts';
import { pct } from './shape.ts';

/** /newDataView, the city's parking and charging. */

const CHARGING = ['charging_order', 'charging_gun', 'charging_station'];

type Panels = {
  [K in keyof NewDataViewPanels]: Panel & { compute: (...a: Parameters<Panel['compute']>) => Promise<NewDataViewPanels[K]> };
};

const panels: Panels = {
  city: {
    tables: ['parking_order', 'parking', ...CHARGING],
    async compute(db, { lots }, now) {
      const [occupancy, stations, connectors, wh] = await Promise.all([
        lotOccupancy(db, lots),
        stationCount(db, lots),
        connectorsByState(db, lots),
        energyWh(db, todayWindow(lots, now)),
      ]);
      const t = occupancyTotals(occupancy);
      return {
        lots: occupancy.length,
        spaces: t.spaces,
        carsInPark: t.inPark,
        occupancyPct: pct(t.occupancy),
        stations,
        connectors: connectors.reduce((s, c) => s + c.count, 0),
        energyWhToday: wh,
      };
    },
  },
  lots: {
    tables: ['parking_order', 'parking'],
    async compute(db, { lots }) {
      return (await lotOccupancy(db, lots))
        .filter((l) => l.lng !== null && l.lat !== null)
        .map((l) => ({ id: l.parkingId, name: l.parkingName, lng: l.lng!, lat: l.lat!, spaces: l.spaces, occupancyPct: pct(l.occupancy) }));
    },
  },
  connectors: {
    tables: ['charging_gun'],
    async compute(db, { lots }) {
      return (await connectorsByState(db, lots)).map((c) => ({ state: c.status, stateLabel: c.name, count: c.count }));
    },
  },
  charging: {
    tables: ['charging_order'],
    async compute(db, { lots }, now) {
      const [running, wh] = await Promise.all([sessionsNow(db, lots), energyWh(db, todayWindow(lots, now))]);
      return { sessionsNow: running, energyWhToday: wh };
    },
  },
  hourly: {
    tables: ['parking_order'],
    async compute(db, { lots }, now) {
      const w = todayWindow(lots, now);
      const hours = await hourlyFlow(db, { ...w, to: w.from + 24 * 3_600_000 });
      return hours.map((h, i) => ({ hour: i, entries: h.entries, exits: h.exits, occupancyPct: null }));
    },
  },
};

export const newDataView: ScreenDef = { path: '/newDataView', panels };
