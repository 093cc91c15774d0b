import type { ColumnType, Generated } from 'kysely';
import type { SystemTables } from './system-tables.ts';

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

export interface JobLeaseTable {
  name: string;
  holder: string;
  expiresAt: Date;
}

export interface Tables extends SystemTables {
  parking: ParkingTable;
  jobLease: JobLeaseTable;
}

export type { Generated };
