import type { ColumnType, Generated } from 'kysely';

/** Row types of the parking order tables (migration 008), in the builder's camelCase. */

type Created = ColumnType<Date, Date | undefined, never>;
type Modified = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Cents = ColumnType<number, number | undefined, number>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface ParkingOrderTable {
  id: string;
  orderNo: string;
  parkingId: string;
  areaId: string | null;
  spaceNo: string;
  plateNo: string;
  plateColor: number | null;
  plateGrams: ColumnType<string[], string[] | undefined, string[]>;
  carClass: number;
  source: number;
  entryLaneId: string | null;
  exitLaneId: string | null;
  entryTime: ColumnType<Date, Date | string, Date | string>;
  exitTime: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  state: Generated<number>;
  receivableCents: Cents;
  discountCents: Cents;
  paidCents: Cents;
  owedCents: Cents;
  /** completed refunds (migration 012); paidCents is already net of them */
  refundedCents: Cents;
  payChannel: Generated<number>;
  payTime: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ruleId: string | null;
  ruleVersion: number | null;
  feeLines: ColumnType<unknown, string | null | undefined, string | null>;
  cardCover: ColumnType<unknown, string | null | undefined, string | null>;
  collector: string;
  photoKey: ColumnType<string, string | undefined, never>;
  releaseReason: Generated<string>;
  closeReason: Generated<string>;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface ParkingOrderPaymentTable {
  id: string;
  orderId: string;
  channel: number;
  serialNo: string;
  payTime: ColumnType<Date, Date | string, Date | string>;
  valueCents: number;
  changeCents: Cents;
  operator: string;
}

export interface ParkingOrderCouponTable {
  id: string;
  orderId: string;
  couponNo: string;
  merchantName: string;
  couponType: number;
  faceValue: number;
  deductedCents: Cents;
  useTime: ColumnType<Date, Date | string, Date | string>;
}

export interface ParkingOrderRefundTable {
  id: string;
  orderId: string | null;
  refundNo: string;
  amountCents: number;
  reason: string;
  status: number;
  applicant: string;
  applyTime: Created;
  // migration 012
  paymentId: string | null;
  parkingId: string;
  channel: number;
  reasonCode: number;
  applicantId: string;
  approver: string;
  approverId: string;
  approveTime: Modified;
  auditComment: string;
  attempts: number;
  channelSerial: string;
  failReason: string;
  refundTime: Modified;
  lastModifyTime: Modified;
  // migration 017: the order's, for the keyword filter
  orderNo: Generated<string>;
  plateNo: Generated<string>;
  // migration 019: a card payment's refund has no order
  cardPaymentId: string | null;
  cardNo: Generated<string>;
}

export interface ParkingOrderAuditTable {
  id: string;
  orderId: string;
  action: string;
  operator: string;
  operateTime: Created;
  before: Json;
  after: Json;
  reason: string;
}

/** The simulated pay channels' side of a refund (migration 012, server/refunds/channel-sim.ts). */
export interface RefundChannelRequestTable {
  refundNo: string;
  attempt: number;
  channel: number;
  amountCents: number;
  acceptedAt: Created;
  answerAt: ColumnType<Date, Date | string, Date | string>;
  outcome: 'SUCCESS' | 'FAIL';
  failReason: string;
  answersLeft: number;
  channelSerial: string;
}

export interface RefundChannelPayoutTable {
  id: string;
  refundNo: string;
  channel: number;
  amountCents: number;
  channelSerial: string;
  paidAt: Created;
}

export interface OrderTables {
  parkingOrder: ParkingOrderTable;
  parkingOrderPayment: ParkingOrderPaymentTable;
  parkingOrderCoupon: ParkingOrderCouponTable;
  parkingOrderRefund: ParkingOrderRefundTable;
  parkingOrderAudit: ParkingOrderAuditTable;
  refundChannelRequest: RefundChannelRequestTable;
  refundChannelPayout: RefundChannelPayoutTable;
}
