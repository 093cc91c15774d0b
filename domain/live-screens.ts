/**
 * The big screens' panels as the server pushes them (server/live/screens/) and the screens draw
 * them (src/views/big-screen/): one shape per panel, shared so neither side guesses. Money in
 * cents, energy in Wh, times in ms since the epoch. The figures come from server/figures/.
 */

/** the screen names of `GET /api/live/:screen/Stream`, by their console path */
export const LIVE_SCREEN_PATHS = { dataView: '/dataView', newDataView: '/newDataView', operationView: '/operationView' } as const;
export type LiveScreenName = keyof typeof LIVE_SCREEN_PATHS;

/** at most this many rows of a scrolling list travel (the screens run for days) */
export const LIVE_LIST_CAP = 12;

export interface LotTotals {
  spaces: number;
  freeSpaces: number;
  carsInPark: number;
  /** 0–100, one decimal */
  occupancyPct: number;
  entriesToday: number;
  exitsToday: number;
}

export interface ChannelCents {
  channel: number;
  channelLabel: string;
  cents: number;
}

export interface RevenueToday {
  totalCents: number;
  channels: ChannelCents[];
}

export interface HourFlow {
  /** China hour of today, 0–23 */
  hour: number;
  entries: number;
  exits: number;
  /** occupancy at the end of the hour (now, for the hour under way), 0–100; null for hours to come */
  occupancyPct: number | null;
}

export interface Passage {
  id: string;
  kind: 'in' | 'out';
  plateNo: string;
  lotName: string;
  laneName: string;
  at: number;
}

export interface DeviceCounts {
  online: number;
  offline: number;
}

export interface AbnormalLift {
  id: string;
  lotName: string;
  laneName: string;
  reason: string;
  operator: string;
  at: number;
}

export interface DataViewPanels {
  totals: LotTotals;
  revenue: RevenueToday;
  hourly: HourFlow[];
  passages: Passage[];
  devices: DeviceCounts;
  lifts: AbnormalLift[];
}

export interface CityTotals {
  lots: number;
  spaces: number;
  carsInPark: number;
  occupancyPct: number;
  stations: number;
  connectors: number;
  energyWhToday: number;
}

export interface LotPoint {
  id: string;
  name: string;
  lng: number;
  lat: number;
  spaces: number;
  occupancyPct: number;
}

export interface StateCount {
  state: number;
  stateLabel: string;
  count: number;
}

export interface NewDataViewPanels {
  city: CityTotals;
  lots: LotPoint[];
  connectors: StateCount[];
  charging: { sessionsNow: number; energyWhToday: number };
  /** the city's entries and exits by hour of today (the occupancy line is /dataView's) */
  hourly: HourFlow[];
}

export interface OfflineDevice {
  id: string;
  name: string;
  lotName: string;
  /** last heartbeat, null when never seen */
  lastSeen: number | null;
}

export interface AgeBucket {
  bucketLabel: string;
  count: number;
  cents: number;
}

export interface RefundQueue {
  /** applied, approved, being paid out, failed */
  counts: StateCount[];
}

export interface Collector {
  id: string;
  name: string;
  since: number;
  collectedCents: number;
}

export interface OperationViewPanels {
  devicesOffline: { count: number; list: OfflineDevice[] };
  lifts: AbnormalLift[];
  arrearsAgeing: AgeBucket[];
  refundQueue: RefundQueue;
  collectors: Collector[];
}

/** /activity (§10.4): regional figures, nothing about a person */
export interface RegionalStats {
  at: number;
  demo: boolean;
  lots: number;
  spaces: number;
  carsInPark: number;
  utilisationPct: number;
  turnover: number;
  averageStayMinutes: number;
  entriesToday: number;
  exitsToday: number;
  stations: number;
  connectors: number;
  energyWhToday: number;
}
