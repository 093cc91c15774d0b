import type { ColumnType } from 'kysely';

/** Row types of the fee-rule tables (migration 007), in the builder's camelCase. */

type Created = ColumnType<Date, Date | undefined, never>;
type Modified = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Json = ColumnType<unknown, string, string>;

export interface FeeRuleTable {
  id: string;
  ruleName: string;
  vehicleType: number;
  body: Json;
  version: ColumnType<number, number | undefined, number>;
  enabledMark: number;
  description: string;
  modifier: string;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface FeeRuleVersionTable {
  ruleId: string;
  version: number;
  body: Json;
  inUse: ColumnType<boolean, boolean | undefined, boolean>;
  effectiveTime: ColumnType<Date, Date | string | undefined, Date | string>;
  creator: string;
  createTime: Created;
}

export interface FeeRuleBindingTable {
  id: string;
  parkingId: string;
  plateColor: number | null;
  carClass: number | null;
  ruleId: string;
  createTime: Created;
}

export interface FeeTables {
  feeRule: FeeRuleTable;
  feeRuleVersion: FeeRuleVersionTable;
  feeRuleBinding: FeeRuleBindingTable;
}
