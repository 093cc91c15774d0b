/** What each report counts by which date: shown above its table, so nobody reconciles by the wrong day. */
export const REPORT_BASIS = {
  daily:
    '口径：订单数、应收、优惠按出场时间；现金、电子支付、卡收入、追缴按支付时间；退款按渠道退回到账日期；新增欠费按欠费登记时间。净收 = 现金 + 电子支付 − 退款。',
  channel: '口径：按支付时间统计收入，退款按渠道退回到账日期计入当天；净收 = 收入 − 退款。',
  charging: '口径：按充电结束时间统计；实收 = 已付 − 已退。',
} as const;
