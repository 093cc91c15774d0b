/**
 * The codes of a parking order: its state (the arrows between them are server/orders/state-machine.ts),
 * car class, source, pay channel, coupon type, refund status, with the words the list, the export
 * and the details show. The console's dictionaries carry the same codes.
 */

export const ORDER_STATE = {
  IN_PARK: 0,
  PAID_IN_PARK: 1,
  COMPLETED: 2,
  EXITED_FREE: 3,
  MANUAL_RELEASE: 4,
  PAY_LATER: 5,
  UNPAID_WAITING: 6,
  ARREARS: 7,
  RECOVERED: 8,
  WRITTEN_OFF: 9,
  ABNORMAL: 10,
  CLOSED: 11,
} as const;

export type OrderState = (typeof ORDER_STATE)[keyof typeof ORDER_STATE];

export const STATE_LABEL: Record<OrderState, string> = {
  0: '在场',
  1: '场内已付',
  2: '已完成',
  3: '免费离场',
  4: '手动放行',
  5: '先离后付',
  6: '未支付',
  7: '欠费',
  8: '已追缴',
  9: '已核销',
  10: '异常',
  11: '手动结单',
};

export const ORDER_STATES = Object.values(ORDER_STATE) as OrderState[];

/** 1 temporary, 2 monthly, 3 group, 4 whitelist, 5 visitor, 6 unplated (money-and-charging.md §3.2). */
export const CAR_CLASS: Record<number, string> = { 1: '临时车', 2: '月卡车', 3: '集团车', 4: '白名单', 5: '访客车', 6: '无牌车' };
export const CAR_CLASSES = [1, 2, 3, 4, 5, 6] as const;

/** Where the entry was recorded. */
export const SOURCE: Record<number, string> = { 1: '相机识别', 2: '手持终端', 3: '地磁', 4: '人工' };
export const SOURCES = [1, 2, 3, 4] as const;

/** Pay channels; the first five are the pay_channel dictionary's codes, 7 is a stored-value card. 0 = none yet. */
export const PAY_CHANNEL: Record<number, string> = { 0: '未支付', 1: '微信', 2: '支付宝', 3: '现金', 4: '银联', 5: 'ETC', 7: '储值卡' };
export const PAY_CHANNELS = [0, 1, 2, 3, 4, 5, 7] as const;
/** the channels money is taken by (0 is "not paid"): a debt's collection at the console */
export const TAKING_CHANNELS = [1, 2, 3, 4, 5, 7] as const;

export const PLATE_COLOR: Record<number, string> = { 1: '白', 2: '黄', 3: '绿', 4: '黑', 5: '蓝' };

export const COUPON_TYPE: Record<number, string> = { 1: '金额券', 2: '时长券', 3: '全免券', 4: '折扣券' };

/** The refund request's codes live with its state machine (domain/refund-codes.ts). */
export { REFUND_STATUS } from './refund-codes.ts';
