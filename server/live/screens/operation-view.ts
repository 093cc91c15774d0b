import { LIVE_LIST_CAP, type OperationViewPanels } from '../../../domain/live-screens.ts';
import { arrearsAgeing } from '../../figures/arrears.ts';
import { collectorsOnShift } from '../../figures/collectors.ts';
import { devicesOffline } from '../../figures/devices.ts';
import { manualLifts, refundQueue } from '../../figures/queues.ts';
import { todayWindow } from '../../figures/window.ts';
import type { Panel, ScreenDef } from '../screen.ts';
import { liftRows } from './shape.ts';

/** /operationView: what needs someone now. */

/** a device silent this long is offline on this screen (the dashboard's to-do waits an hour) */
const OFFLINE_MINUTES = 5;

type Panels = {
  [K in keyof OperationViewPanels]: Panel & { compute: (...a: Parameters<Panel['compute']>) => Promise<OperationViewPanels[K]> };
};

const panels: Panels = {
  devicesOffline: {
    tables: ['device'],
    async compute(db, { lots }) {
      const { count, list } = await devicesOffline(db, lots, OFFLINE_MINUTES, LIVE_LIST_CAP);
      return { count, list: list.map((d) => ({ id: d.id, name: d.deviceName, lotName: d.parkingName, lastSeen: d.lastSeen })) };
    },
  },
  lifts: {
    tables: ['parking_order'],
    async compute(db, { lots }, now) {
      return liftRows((await manualLifts(db, todayWindow(lots, now), LIVE_LIST_CAP)).list);
    },
  },
  arrearsAgeing: {
    tables: ['arrears_record'],
    async compute(db, { lots }, now) {
      return (await arrearsAgeing(db, lots, now)).map((b) => ({ bucketLabel: b.name, count: b.count, cents: b.owedCents }));
    },
  },
  refundQueue: {
    tables: ['parking_order_refund'],
    async compute(db, { lots }) {
      const rows = await refundQueue(db, lots);
      return { counts: rows.map((r) => ({ state: r.status, stateLabel: r.name, count: r.count })) };
    },
  },
  collectors: {
    tables: ['parking_order_payment'],
    async compute(db, { lots }, now) {
      const list = await collectorsOnShift(db, todayWindow(lots, now));
      return list.slice(0, LIVE_LIST_CAP * 2).map((c) => ({ id: c.name, name: c.name, since: c.since, collectedCents: c.collectedCents }));
    },
  },
};

export const operationView: ScreenDef = { path: '/operationView', panels };
