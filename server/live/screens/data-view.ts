import { LIVE_LIST_CAP, type DataViewPanels } from '../../../domain/live-screens.ts';
import { deviceCounts } from '../../figures/devices.ts';
import { byChannel, moneyRows, received } from '../../figures/money.ts';
import { flow, hourlyFlow, lotOccupancy, occupancyTotals } from '../../figures/parking.ts';
import { latestPassages } from '../../figures/passages.ts';
import { carsInParkAt } from '../../figures/occupancy-hourly.ts';
import { manualLifts } from '../../figures/queues.ts';
import { today, todayWindow } from '../../figures/window.ts';
import type { Panel, ScreenDef } from '../screen.ts';
import { liftRows, pct } from './shape.ts';

/** /dataView, the lot command centre: each panel one or two figure definitions, shaped for the wall. */

const ORDERS = ['parking_order'];
const MONEY = ['parking_order_payment', 'parking_order_refund', 'card_payment', 'merchant_ledger', 'charging_order'];

type Panels = { [K in keyof DataViewPanels]: Panel & { compute: (...a: Parameters<Panel['compute']>) => Promise<DataViewPanels[K]> } };

const panels: Panels = {
  totals: {
    tables: [...ORDERS, 'parking'],
    async compute(db, { lots }, now) {
      const [occupancy, today] = await Promise.all([lotOccupancy(db, lots), flow(db, todayWindow(lots, now))]);
      const t = occupancyTotals(occupancy);
      return {
        spaces: t.spaces,
        freeSpaces: t.free,
        carsInPark: t.inPark,
        occupancyPct: pct(t.occupancy),
        entriesToday: today.entries,
        exitsToday: today.exits,
      };
    },
  },
  revenue: {
    tables: MONEY,
    async compute(db, { lots }, now) {
      const rows = await moneyRows(db, lots, today(now), today(now));
      return {
        totalCents: received(rows).netCents,
        channels: byChannel(rows).map((c) => ({ channel: c.channel, channelLabel: c.name, cents: c.netCents })),
      };
    },
  },
  hourly: {
    tables: [...ORDERS, 'parking'],
    async compute(db, { lots }, now) {
      const w = todayWindow(lots, now);
      const hours = await hourlyFlow(db, { ...w, to: w.from + 24 * 3_600_000 });
      // occupancy at each past hour's end (now, for the hour under way); none for hours to come
      const ends = hours.filter((h) => h.hour <= now).map((h) => Math.min(h.hour + 3_600_000, now));
      const [inPark, totals] = await Promise.all([carsInParkAt(db, lots, ends), lotOccupancy(db, lots).then(occupancyTotals)]);
      return hours.map((h, i) => ({
        hour: i,
        entries: h.entries,
        exits: h.exits,
        occupancyPct: i < inPark.length && totals.spaces > 0 ? pct(Math.min(1, inPark[i] / totals.spaces)) : null,
      }));
    },
  },
  passages: {
    tables: ORDERS,
    async compute(db, { lots }) {
      const rows = await latestPassages(db, lots, LIVE_LIST_CAP);
      return rows.map((r) => ({ id: r.id, kind: r.kind, plateNo: r.plateNo, lotName: r.parkingName, laneName: r.laneName, at: r.at }));
    },
  },
  devices: {
    tables: ['device'],
    async compute(db, { lots }) {
      const { online, offline } = await deviceCounts(db, lots);
      return { online, offline };
    },
  },
  lifts: {
    tables: ORDERS,
    async compute(db, { lots }, now) {
      return liftRows((await manualLifts(db, todayWindow(lots, now), LIVE_LIST_CAP)).list);
    },
  },
};

export const dataView: ScreenDef = { path: '/dataView', panels };
