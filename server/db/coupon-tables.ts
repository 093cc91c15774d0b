import type { ColumnType } from 'kysely';

/** Row types of the coupon tables (migration 014), in the builder's camelCase. */

type Created = ColumnType<Date, Date | undefined, never>;
type Modified = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Cents = ColumnType<number, number | undefined, number>;
type At = ColumnType<Date, Date | string, Date | string>;
type MaybeAt = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Day = ColumnType<Date | null, string | null | undefined, string | null>;

/** Merchants (migration 005): shops that issue coupons from a prepaid balance. */
export interface MerchantTable {
  id: string;
  merchantName: string;
  contactName: string;
  contactPhone: string;
  parkingIds: ColumnType<string[], string[] | undefined, string[]>;
  /** prepaid balance in cents */
  balance: Cents;
  enabledMark: ColumnType<number, number | undefined, number>;
  description: ColumnType<string, string | undefined, string>;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface CouponTemplateTable {
  id: string;
  templateName: string;
  merchantId: string;
  parkingIds: string[];
  couponType: number;
  faceValue: number;
  capCents: Cents;
  validMode: number;
  validFrom: Day;
  validTo: Day;
  validDays: number;
  stock: number;
  issuedCount: ColumnType<number, number | undefined, number>;
  perPlateLimit: number;
  stackable: number;
  enabledMark: number;
  description: string;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface CouponRecordTable {
  id: string;
  couponNo: string;
  templateId: string;
  merchantId: string;
  templateName: string;
  parkingIds: string[];
  couponType: number;
  faceValue: number;
  capCents: Cents;
  stackable: number;
  plateNo: string;
  state: number;
  issueTime: At;
  startTime: At;
  expireTime: At;
  maxCents: Cents;
  issuer: string;
  orderId: string | null;
  usedParkingId: string | null;
  useTime: MaybeAt;
  deductedCents: Cents;
  voidReason: string;
  lastModifyTime: Modified;
}

export interface CouponRecordAuditTable {
  id: string;
  recordId: string;
  action: string;
  operator: string;
  operateTime: Created;
  before: unknown;
  after: unknown;
  reason: string;
}

export interface MerchantLedgerTable {
  id: string;
  merchantId: string;
  kind: number;
  amountCents: Cents;
  balanceAfter: Cents;
  couponNo: string;
  orderId: string | null;
  operator: string;
  createTime: Created;
  note: string;
}

export interface CouponTables {
  merchant: MerchantTable;
  couponTemplate: CouponTemplateTable;
  couponRecord: CouponRecordTable;
  couponRecordAudit: CouponRecordAuditTable;
  merchantLedger: MerchantLedgerTable;
}
