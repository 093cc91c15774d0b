import type { ColumnType, Generated } from 'kysely';

/** Row types of the charging tables (migration 009), in the builder's camelCase. */

type Created = ColumnType<Date, Date | undefined, never>;
type Modified = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Json = ColumnType<unknown, string, string>;
type Big = ColumnType<string | number, number | bigint | string, number | bigint | string>;

export interface ChargingPriceTable {
  id: string;
  priceName: string;
  tiers: Json;
  periods: Json;
  seasons: Json;
  version: number;
  enabledMark: number;
  description: string;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface ChargingPriceVersionTable {
  id: Generated<string>;
  priceId: string;
  version: number;
  snapshot: Json;
  archivedBy: string;
  archiveTime: Created;
}

export interface ChargingStationTable {
  id: string;
  stationCode: string;
  stationName: string;
  stationType: number;
  stationStatus: number;
  parkFeeType: number;
  parkFreeMinutes: number;
  parkingId: string | null;
  openHours: string;
  operatorName: string;
  address: string;
  lng: ColumnType<string | null, number | null, number | null>;
  lat: ColumnType<string | null, number | null, number | null>;
  enabledMark: number;
  description: string;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface ChargingPileTable {
  id: string;
  pileNo: string;
  pileName: string;
  stationId: string;
  equipmentType: number;
  powerKw: number;
  vendor: string;
  model: string;
  priceId: string | null;
  priceVersion: number | null;
  heartbeatInterval: number;
  lastHeartbeat: Date | null;
  simOffline: boolean;
  enabledMark: number;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface ChargingGunTable {
  id: string;
  connectorId: string;
  pileId: string;
  gunNo: number;
  connectorType: number;
  ratedPowerKw: number;
  spaceNo: string;
  ocppStatus: string;
  status: number;
  statusTime: Date;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface ChargingPriceTaskTable {
  id: string;
  priceId: string;
  version: number;
  createBy: string;
  createTime: Created;
}

export interface ChargingPriceTaskPileTable {
  taskId: string;
  pileId: string;
  status: number;
  attempts: number;
  message: string;
  respondTime: Date | null;
}

export interface ChargingOrderTable {
  id: string;
  orderNo: string;
  stationId: string;
  pileId: string;
  gunId: string;
  plateNo: string;
  phone: string;
  startMode: number;
  state: number;
  startTime: Date;
  endTime: Date | null;
  meterStartWh: Big;
  meterStopWh: Big | null;
  energyWh: Big;
  socStart: number | null;
  socEnd: number | null;
  stopReason: number | null;
  priceId: string | null;
  priceVersion: number | null;
  priceSnapshot: Json;
  segments: Json;
  elecCents: Big;
  serviceCents: Big;
  discountCents: Big;
  totalCents: Big;
  paidCents: Big;
  refundCents: Big;
  payStatus: number;
  lastMeterTime: Date | null;
  stopRequestTime: Date | null;
  handleBy: string;
  handleReason: string;
  simTargetSoc: number | null;
  simStalled: boolean;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface ChargingMeterTable {
  orderId: string;
  at: Date;
  energyWh: Big;
  powerW: number;
  voltageDv: number;
  currentDa: number;
  soc: number | null;
}

export interface ChargingTables {
  chargingPrice: ChargingPriceTable;
  chargingPriceVersion: ChargingPriceVersionTable;
  chargingStation: ChargingStationTable;
  chargingPile: ChargingPileTable;
  chargingGun: ChargingGunTable;
  chargingPriceTask: ChargingPriceTaskTable;
  chargingPriceTaskPile: ChargingPriceTaskPileTable;
  chargingOrder: ChargingOrderTable;
  chargingMeter: ChargingMeterTable;
}
