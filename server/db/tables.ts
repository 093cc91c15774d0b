import type { ColumnType, Generated } from 'kysely';
import type { SystemTables } from './system-tables.ts';
import type { ChargingTables } from './charging-tables.ts';
import type { OrderTables } from './order-tables.ts';
import type { FeeTables } from './fee-tables.ts';
import type { ArrearsTables } from './arrears-tables.ts';
import type { CouponTables } from './coupon-tables.ts';
import type { CardTables } from './card-tables.ts';

/**
 * Row types of the tables the query builder touches, in the builder's camelCase (the SQL columns
 * are snake_case; CamelCasePlugin maps them). Migrations stay the source of truth for the schema.
 */

type Created = ColumnType<Date, Date | undefined, never>;
type Modified = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface ParkingTable {
  id: string;
  parkingCode: string;
  parkingName: string;
  type: number;
  roadType: number;
  parkingKind: number | null;
  regionCode: string;
  regionName: string;
  street: string;
  address: string;
  lng: ColumnType<string | null, number | null, number | null>;
  lat: ColumnType<string | null, number | null, number | null>;
  totalSpaces: number;
  tempSpaces: number;
  rentalSpaces: number;
  chargingSpaces: number;
  priceType: number | null;
  openTime: string;
  closeTime: string;
  contactName: string;
  contactPhone: string;
  description: string;
  enabledMark: number;
  sortCode: number;
  feeRules: ColumnType<unknown, string, string>;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface ParkingAreaTable {
  id: string;
  parentId: string | null;
  areaName: string;
  areaCode: string;
  level: number;
  parkingId: string | null;
  regionCode: string;
  sortCode: number;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface ParkingLaneTable {
  id: string;
  parkingId: string;
  areaId: string | null;
  laneCode: string;
  laneName: string;
  direction: number;
  qrType: number;
  qrStatus: number;
  qrVersion: number;
  qrTime: ColumnType<Date, Date | undefined, Date>;
  barrierDeviceId: string | null;
  cameraDeviceId: string | null;
  nonMemberPolicy: number;
  enabledMark: number;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface ParkingSpaceTable {
  id: string;
  parkingId: string;
  areaId: string | null;
  spaceNo: string;
  sensorNo: string;
  spaceType: number;
  status: number;
  plateNo: string;
  plateColor: number | null;
  holderName: string;
  holderPhone: string;
  rentalStart: ColumnType<Date | null, string | null, string | null>;
  rentalEnd: ColumnType<Date | null, string | null, string | null>;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface DeviceTable {
  id: string;
  deviceCode: string;
  deviceName: string;
  deviceType: number;
  parkingId: string;
  laneId: string | null;
  vendor: string;
  ip: string;
  serialNo: string;
  firmware: string;
  heartbeatInterval: number;
  lastHeartbeat: Date | null;
  /** the heartbeat simulator leaves these silent */
  simFault: boolean;
  enabledMark: number;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface JobLeaseTable {
  name: string;
  holder: string;
  expiresAt: Date;
}

export interface Tables extends SystemTables, OrderTables, ChargingTables, FeeTables, ArrearsTables, CouponTables, CardTables {
  parking: ParkingTable;
  parkingArea: ParkingAreaTable;
  parkingLane: ParkingLaneTable;
  parkingSpace: ParkingSpaceTable;
  device: DeviceTable;
  jobLease: JobLeaseTable;
}

export type { Generated };
