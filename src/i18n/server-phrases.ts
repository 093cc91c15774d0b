import { REFUND_REASON } from '../../domain/refund-codes';
import { translateText, type TextTable } from './page-texts';

/**
 * Fixed texts the server writes into the data of the money screens, beside what people type: the
 * reasons of steps nobody typed (a refund approved without words is `审核通过`, a channel's answer
 * `渠道退款成功，流水号…`), gateway receipts of an arrears notice (`短信已送达`), the operator of a
 * job or a channel (`系统`, `支付渠道`), and a refund's stored reason, which is its reason code's
 * label, alone or before the applicant's words (`多收费用：…`, server/refunds/apply.ts refundReason).
 * Under en-US these are said in English (a reason label through the pages' table, `dict:` first);
 * free text stays as typed, and a text the console does not know stays as sent.
 */

const EXACT: Record<string, string> = {
  // the steps of a refund (server/refunds/transitions.ts, seed.ts) and its pay channels' answers (channel-sim.ts)
  审核通过: 'Approved',
  渠道退款成功: 'Refunded by the channel',
  渠道退款失败: 'The channel refund failed',
  '现金退款，线下退还并登记': 'Cash refund, handed back and recorded',
  '用户银行卡已注销，原路退回失败': "The payer's bank card is closed: the money could not go back the way it came",
  '渠道系统繁忙，请稍后重试': 'The channel is busy, please try again later',
  商户账户余额不足: 'The merchant account has too little balance',
  原交易已超过可退款期限: 'The payment is past its refund deadline',
  // an arrears notice's receipt from the SMS / WeChat gateway (server/arrears/notices.ts, create.ts)
  短信已送达: 'SMS delivered',
  模板消息已送达: 'Template message delivered',
  '已提交，等待送达回执': 'Submitted, waiting for the delivery receipt',
  '号码无效，短信发送失败': 'Invalid number: the SMS was not sent',
  '车主未关注公众号，模板消息发送失败': 'The owner does not follow the official account: the template message was not sent',
  '欠费记录已处理，通知取消': 'The debts were settled first: notice cancelled',
  // why an order became a debt with nobody typing it (server/arrears/create.ts)
  历史欠费: 'Earlier debt',
  // a card's audit rows the server writes itself (server/cards/*)
  开卡收款: 'Card payment taken',
  到期状态按日历自动变更: 'Expiry state changed by the calendar',
  '全部缴费已退款，卡片终止使用': 'All payments refunded: the card is ended',
  编辑资料: 'Details edited',
  // a coupon's audit rows the server writes itself (server/coupons/seed.ts)
  到期未使用: 'Expired unused',
  // who did it when no person did (operators, senders, collectors)
  系统: 'System',
  '系统（到期任务）': 'System (expiry job)',
  支付渠道: 'Payment channel',
  收费员: 'Attendant',
  出口收费: 'Exit payment',
  车主线上补缴: 'Paid online by the owner',
};

type Dict = (text: string) => string;
type Rule = [RegExp, (dict: Dict, ...groups: string[]) => string];

const RULES: Rule[] = [
  [/^渠道退款成功，流水号(\S+)$/, (_d, serial) => `Refunded by the channel, serial ${serial}`],
  [/^提交(\S*)支付渠道，退款单号(\S+)$/, (d, channel, no) => `Sent to the ${channel ? `${d(channel)} ` : ''}payment channel, refund ${no}`],
  [/^重试，沿用退款单号(\S+)$/, (_d, no) => `Retried under the same refund number ${no}`],
  [/^渠道返回：(.+)$/s, (d, answer) => `The channel answered: ${englishPhrase(answer, d) ?? answer}`],
  [/^(\S+)支付渠道$/, (d, channel) => `${d(channel)} payment channel`],
  [/^未付离场超过(\d+)小时，自动转欠费$/, (_d, hours) => `Left unpaid over ${hours} h ago: made a debt automatically`],
  [/^抵扣([\d.]+)元$/, (_d, yuan) => `CNY ${yuan} deducted`],
];

function englishPhrase(text: string, dict: Dict): string | undefined {
  if (Object.prototype.hasOwnProperty.call(EXACT, text)) return EXACT[text];
  for (const [pattern, render] of RULES) {
    const m = pattern.exec(text);
    if (m) return render(dict, ...m.slice(1));
  }
  return undefined;
}

const REASON_LABELS = new Set(Object.values(REFUND_REASON));

/**
 * A refund reason as stored: its code's label, or the label, "：" and the applicant's words (which
 * stay as typed). `label` is the row's own code's label when the row says it (`reasonLabel`); else
 * any reason label is recognized (an audit row keeps the reason without its code).
 */
function englishReason(text: string, dict: Dict, label?: string): string | undefined {
  const known = (head: string) => (label ? head === label : REASON_LABELS.has(head));
  if (known(text)) return dict(text);
  const colon = text.indexOf('：');
  if (colon > 0 && known(text.slice(0, colon))) return `${dict(text.slice(0, colon))}: ${text.slice(colon + 1)}`;
  return undefined;
}

/**
 * One text of the server's data in English when the console knows it as a fixed text (or a
 * reason with its label first); otherwise the text as sent. `reasonLabel`: the row's reason label.
 */
export function englishServerPhrase(text: string, table: TextTable, reasonLabel?: string): string {
  const dict: Dict = (t) => translateText(t, table, 'dict');
  return englishPhrase(text, dict) ?? englishReason(text, dict, reasonLabel) ?? text;
}

/** The keys of the server's answers whose values may be such fixed texts, beside free text and names. */
export const PHRASE_KEYS = new Set(['reason', 'failReason', 'resultMsg', 'operator', 'sender', 'recoveredBy']);
