import type { ColumnType } from 'kysely';

/** Row types of the arrears tables (migration 013), in the builder's camelCase. */

type Created = ColumnType<Date, Date | undefined, never>;
type Modified = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Cents = ColumnType<number, number | undefined, number>;
type At = ColumnType<Date, Date | string, Date | string>;
type MaybeAt = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface ArrearsRecordTable {
  id: string;
  orderId: string;
  orderNo: string;
  parkingId: string;
  plateNo: string;
  plateColor: number | null;
  entryTime: At;
  exitTime: At;
  receivableCents: Cents;
  discountCents: Cents;
  paidCents: Cents;
  principalCents: Cents;
  recoveredCents: Cents;
  writtenOffCents: Cents;
  owedCents: Cents;
  status: number;
  noticeCount: number;
  lastNoticeChannel: number | null;
  lastNoticeTime: MaybeAt;
  recoveredTime: MaybeAt;
  recoveredChannel: number | null;
  recoveredLotId: string | null;
  recoveredBy: string;
  writeOffReason: string;
  disputeReason: string;
  handledBy: string;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface ArrearsNoticeTable {
  id: string;
  batchNo: string;
  plateNo: string;
  parkingId: string;
  recordIds: ColumnType<string[], string[], string[]>;
  owedCents: Cents;
  channel: number;
  content: string;
  status: number;
  resultMsg: string;
  sendAt: At;
  noticeDay: ColumnType<Date | string, string, string>;
  sentTime: MaybeAt;
  sender: string;
  createTime: Created;
}

export interface ArrearsTables {
  arrearsRecord: ArrearsRecordTable;
  arrearsNotice: ArrearsNoticeTable;
}
