import type { ColumnType } from 'kysely';

/** Row types of the card tables (migration 015), in the builder's camelCase. */

type Created = ColumnType<Date, Date | undefined, never>;
type Modified = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Cents = ColumnType<number, number | undefined, number>;
type Day = ColumnType<Date | string, string, string>;
type At = ColumnType<Date, Date | string, Date | string>;
type MaybeAt = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface CardProductTable {
  id: string;
  productName: string;
  periodKind: number;
  periodDays: number;
  priceCents: Cents;
  timeWindow: number;
  parkingIds: string[];
  renewLimitDays: number;
  renewFrom: number;
  maxPeriods: number;
  enabledMark: number;
  description: string;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface MonthCardTable {
  id: string;
  cardNo: string;
  productId: string;
  parkingId: string;
  plateNos: string[];
  ownerName: string;
  ownerPhone: string;
  periods: number;
  /** the opening payment, fixed when the card is opened (price × periods then) */
  amountCents: Cents;
  startDate: Day;
  endDate: Day;
  status: number;
  freezeReason: string;
  description: string;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface GroupCardTable {
  id: string;
  cardNo: string;
  companyName: string;
  contactName: string;
  contactPhone: string;
  parkingId: string;
  slots: number;
  plateNos: string[];
  priceCents: Cents;
  startDate: Day;
  endDate: Day;
  status: number;
  freezeReason: string;
  description: string;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface GroupCardSlotTable {
  id: string;
  groupCardId: string;
  parkingId: string;
  plateNo: string;
  orderId: string | null;
  entryTime: At;
  holdFrom: MaybeAt;
  leftTime: MaybeAt;
}

export interface CardPaymentTable {
  id: string;
  cardKind: 'month' | 'group';
  cardId: string;
  cardNo: string;
  parkingId: string;
  payKind: number;
  periods: number;
  periodStart: Day;
  periodEnd: Day;
  amountCents: Cents;
  channel: number;
  serialNo: string;
  payTime: At;
  operator: string;
  /** migration 019: paid back through 退款申请 */
  refundedCents: Cents;
}

export interface CardAuditTable {
  id: string;
  cardKind: 'month' | 'group';
  cardId: string;
  action: string;
  operator: string;
  operateTime: Created;
  before: ColumnType<unknown, string, string>;
  after: ColumnType<unknown, string, string>;
  reason: string;
}

export interface CardTables {
  cardProduct: CardProductTable;
  monthCard: MonthCardTable;
  groupCard: GroupCardTable;
  groupCardSlot: GroupCardSlotTable;
  cardPayment: CardPaymentTable;
  cardAudit: CardAuditTable;
}
