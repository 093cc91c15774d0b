/** The home dashboard's answer (GET /api/dashboard): one shape for the server and the page. Money in cents. */

export interface TodayAndYesterday {
  today: number;
  /** the same stretch of yesterday (midnight to this time of day) */
  yesterday: number;
}

export interface DashboardLot {
  parkingId: string;
  parkingName: string;
  spaces: number;
  inPark: number;
  free: number;
  occupancy: number;
}

export interface DashboardTraffic {
  spaces: number;
  inPark: number;
  free: number;
  occupancy: number;
  entries: TodayAndYesterday;
  exits: TodayAndYesterday;
  averageStayMinutes: TodayAndYesterday;
  turnover: TodayAndYesterday;
  zeroFeeShare: TodayAndYesterday;
  receivableCents: TodayAndYesterday;
  discountCents: TodayAndYesterday;
  timeUtilisation: number;
  hourly: { hour: number; entries: number; exits: number }[];
  lots: DashboardLot[];
}

export interface DashboardReceived {
  inCents: number;
  refundCents: number;
  netCents: number;
}

export interface DashboardIncome {
  today: DashboardReceived;
  /** yesterday's whole day */
  yesterday: DashboardReceived;
  byChannel: ({ channel: number; name: string } & DashboardReceived)[];
}

export interface DashboardCharging {
  sessionsNow: number;
  connectors: { status: number; name: string; count: number }[];
  energyWh: TodayAndYesterday;
  receivedCents: number;
}

export interface DashboardTodo {
  key: string;
  title: string;
  count: number;
  /** the console route with its filter */
  link: string;
}

export interface DashboardAnswer {
  /** epoch ms the figures were read at */
  at: number;
  /** the simulators write today's data */
  demo: boolean;
  traffic?: DashboardTraffic;
  income?: DashboardIncome;
  charging?: DashboardCharging;
  todos: DashboardTodo[];
}
