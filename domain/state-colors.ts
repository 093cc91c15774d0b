/**
 * The colour a state shows in, as amis's status tag names it (`"type": "tag", "displayMode": "status"`):
 * good and running states green, busy blue, waiting orange, faults red, switched-off or void grey.
 * States are read by their words (a dictionary's labels, a page's own option labels) so a new
 * dictionary entry with a known word is coloured without a change here; unknown words are grey.
 */
export type StateColor = 'success' | 'processing' | 'warning' | 'error' | 'inactive';

const WORDS: Record<StateColor, string[]> = {
  success: [
    '在线',
    '正常',
    '启用',
    '空闲',
    '成功',
    '已支付',
    '已完成',
    '已通过',
    '通过',
    '有效',
    '开启',
    '已退款',
    '已抵扣',
    'refunded',
    'redeemed',
    'online',
    'normal',
    'enabled',
    'free',
    'success',
    'paid',
    'done',
    'approved',
    'valid',
    'on',
  ],
  processing: [
    '占用',
    '进行中',
    '充电中',
    '处理中',
    '使用中',
    '退款中',
    '已发放',
    'refunding',
    'issued',
    'occupied',
    'in progress',
    'charging',
    'processing',
    'in use',
  ],
  warning: [
    '预约',
    '待审核',
    '待处理',
    '待支付',
    '未支付',
    '欠费',
    '即将过期',
    '已申请',
    'applied',
    'reserved',
    'pending',
    'unpaid',
    'overdue',
    'expiring',
  ],
  error: [
    '离线',
    '故障',
    '失败',
    '异常',
    '已驳回',
    '驳回',
    '拒绝',
    '退款失败',
    'refund failed',
    'offline',
    'fault',
    'failed',
    'error',
    'rejected',
  ],
  inactive: [
    '停用',
    '禁用',
    '作废',
    '已作废',
    '过期',
    '已过期',
    '关闭',
    '已关闭',
    '已取消',
    'disabled',
    'void',
    'voided',
    'expired',
    'closed',
    'cancelled',
    'off',
  ],
};

const BY_WORD = new Map<string, StateColor>(
  (Object.entries(WORDS) as [StateColor, string[]][]).flatMap(([color, words]) => words.map((w) => [w, color] as const)),
);

export function stateColor(label: unknown): StateColor {
  if (label === undefined || label === null) return 'inactive';
  return BY_WORD.get(String(label).trim().toLowerCase()) ?? 'inactive';
}
