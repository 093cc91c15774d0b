import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeRule } from '../../server/fees/preview';
import { CALENDAR_YEARS } from '../../server/fees/clock';
import { priceStay } from '../../server/fees/engine';
import { RULE_B } from '../../server/fees/sample-rules';
import { RULES } from '../../server/seed/fee-rules';
import { englishFeeText } from '../../src/i18n/fee-texts';
import { hasCjk, parseTable } from '../../src/i18n/page-texts';
import { englishDetail, englishServerTexts } from '../../src/i18n/server-labels';
import { simulateDelivery } from '../../server/arrears/notices';
import { refundReason } from '../../server/refunds/apply';
import { REFUND_REASON, REFUND_REASONS } from '../../domain/refund-codes';

const table = parseTable(JSON.parse(readFileSync(join(__dirname, '../../pages-json/_i18n/en-US.json'), 'utf8')));

describe("the server's labels and fee sentences in English", () => {
  it("an order's state, timeline and audit labels; its data as stored", () => {
    const order = {
      orderNo: 'P2026112401',
      parkingName: '罗湖口岸交通枢纽停车场',
      stateLabel: '在场',
      timeline: [
        { time: '2026-11-24 08:00:00', title: '入场', detail: '3号入口 · 相机识别' },
        { time: '2026-11-24 09:00:00', title: '支付', detail: '微信 5.00元 赵敏' },
        { time: '2026-11-24 09:30:00', title: '手动结单', detail: '赵敏：道闸故障' },
      ],
      audits: [{ actionLabel: '调整金额', before: { stateLabel: '欠费' }, reason: '道闸故障' }],
    };
    expect(englishServerTexts(order, table)).toEqual({
      orderNo: 'P2026112401',
      parkingName: '罗湖口岸交通枢纽停车场',
      stateLabel: 'In Lot',
      timeline: [
        { time: '2026-11-24 08:00:00', title: 'Entry', detail: '3号入口 · Camera' },
        { time: '2026-11-24 09:00:00', title: 'Payment', detail: 'WeChat CNY 5.00 赵敏' },
        { time: '2026-11-24 09:30:00', title: 'Closed by Hand', detail: '赵敏: 道闸故障' },
      ],
      audits: [{ actionLabel: 'Adjust Amount', before: { stateLabel: 'In Arrears' }, reason: '道闸故障' }],
    });
    expect(englishDetail('— · 手持终端', table)).toBe('— · Handheld Terminal');
  });

  it('describes every version of every seeded rule in English (their band names are in the table)', () => {
    const versions = RULES.flatMap((rule) => rule.versions);
    expect(versions.length).toBeGreaterThan(7);
    for (const body of versions) {
      const english = englishFeeText(describeRule(body), table);
      expect(hasCjk(english), english).toBe(false);
    }
  });

  it("the calculator's notes, line parts and coupon names", () => {
    const bill = {
      preview: '全天 00:00–00:00 每60分钟5.00元。免费120分钟，超过部分计费。跨时段各自取整。24小时封顶50.00元。',
      notes: ['停放超过15分钟，从入场时间起计费', '缴费后15分钟内离场，不再收费'],
      lines: [
        { piece: '白天', part: '首时段每30分钟3.00元' },
        { piece: '24小时封顶', part: '第2个24小时封顶50.00元' },
        { piece: '夜间', part: '5.00元/次' },
      ],
      discounts: [{ name: '减免30分钟', cents: 300 }, { name: '8折' }],
    };
    expect(englishServerTexts(bill, table)).toEqual({
      preview:
        'All Day 00:00–00:00 CNY 5.00 per 60 min. First 120 min free, the rest is charged. Each band rounds up on its own. 24 h cap CNY 50.00.',
      notes: ['Stay over 15 min, charged from entry', 'Left within 15 min of paying, nothing more is charged'],
      lines: [
        { piece: 'Daytime', part: 'First steps: CNY 3.00 per 30 min' },
        { piece: '24 h cap', part: 'Cap of 24 h period 2: CNY 50.00' },
        { piece: 'Night', part: 'CNY 5.00 per visit' },
      ],
      discounts: [{ name: '30 min off', cents: 300 }, { name: '20% off' }],
    });
  });

  it("a card's covered pieces and the note of a stay on a card", () => {
    const bill = {
      notes: ['卡覆盖的时段不计费，其余时段按临时车计费'],
      lines: [
        { piece: '月卡', part: '月卡YK20240501000001有效（仅夜间（19:00–07:00）），不计费' },
        { piece: '团体卡', part: '与卡覆盖时段相邻不足15分钟，不计费' },
      ],
    };
    expect(englishServerTexts(bill, table)).toEqual({
      notes: ["A card's time is not charged, the rest is charged as a temporary stay"],
      lines: [
        { piece: 'Monthly card', part: 'Monthly card YK20240501000001 valid (Night only (19:00–07:00)), not charged' },
        { piece: 'Group card', part: "Under 15 min next to a card's time, not charged" },
      ],
    });
  });

  it('the note of a stay past the years the holiday calendar knows', () => {
    const year = CALENDAR_YEARS.last + 1;
    const { notes } = priceStay({ rule: RULE_B, entry: `${year}-01-04T09:00:00+08:00`, exit: `${year}-01-04T10:00:00+08:00` });
    const english = (englishServerTexts({ notes }, table) as { notes: string[] }).notes;
    expect(english).toEqual([
      `The holiday calendar covers ${CALENDAR_YEARS.first}–${CALENDAR_YEARS.last} only, from ${year}-01-04 priced as an ordinary week (Monday to Friday are working days)`,
    ]);
  });

  it("a refund's reason: its code's label in English, the applicant's words as typed", () => {
    const row = (reasonCode: number, words: string) => {
      const { reason } = refundReason({ reasonCode, reason: words });
      return { reasonCode, reason, reasonLabel: REFUND_REASON[reasonCode] };
    };
    expect(englishServerTexts(row(4, ''), table)).toEqual({ reasonCode: 4, reason: 'Device Fault', reasonLabel: 'Device Fault' });
    expect(englishServerTexts(row(2, '车主 多付了 停车场'), table)).toEqual({
      reasonCode: 2,
      reason: 'Overcharged: 车主 多付了 停车场',
      reasonLabel: 'Overcharged',
    });
    // 其他: the words alone, even when they start like another code's label
    expect((englishServerTexts(row(9, '设备故障：其实是误操作'), table) as { reason: string }).reason).toBe('设备故障：其实是误操作');
    for (const code of REFUND_REASONS.filter((c) => c !== 9))
      expect(hasCjk((englishServerTexts(row(code, ''), table) as { reason: string }).reason)).toBe(false);
  });

  it("a refund's steps in an order's audit and timeline: fixed texts in English, names and typed words as stored", () => {
    const order = {
      timeline: [
        { title: '申请退款', detail: '值班操作员（operator）：多收费用：车主 多付' },
        { title: '退款审核通过', detail: '系统管理员（admin）：审核通过' },
        { title: '提交渠道退款', detail: '系统管理员（admin）：提交微信支付渠道，退款单号RF2026' },
        { title: '退款成功', detail: '微信支付渠道：渠道退款成功，流水号500123' },
        { title: '退款成功', detail: '支付渠道：渠道退款成功' },
        { title: '退款失败', detail: '支付渠道：渠道返回：原交易已超过可退款期限' },
        { title: '退款驳回', detail: '系统管理员（admin）：经核实 计费无误' },
      ],
      audits: [
        { actionLabel: '申请退款', operator: '值班操作员（operator）', reason: '重复支付' },
        { actionLabel: '退款审核通过', operator: '系统管理员（admin）', reason: '审核通过' },
        { actionLabel: '退款成功', operator: '支付渠道', reason: '渠道退款成功' },
        { actionLabel: '退款重试', operator: '系统管理员（admin）', reason: '重试，沿用退款单号RF2026' },
      ],
    };
    expect(englishServerTexts(order, table)).toEqual({
      timeline: [
        { title: 'Request Refund', detail: '值班操作员（operator）: Overcharged: 车主 多付' },
        { title: 'Refund Approved', detail: '系统管理员（admin）: Approved' },
        { title: 'Refund Sent to Channel', detail: '系统管理员（admin）: Sent to the WeChat payment channel, refund RF2026' },
        { title: 'Refund Succeeded', detail: 'WeChat payment channel: Refunded by the channel, serial 500123' },
        { title: 'Refund Succeeded', detail: 'Payment channel: Refunded by the channel' },
        { title: 'Refund Failed', detail: 'Payment channel: The channel answered: The payment is past its refund deadline' },
        { title: 'Refund Rejected', detail: '系统管理员（admin）: 经核实 计费无误' },
      ],
      audits: [
        { actionLabel: 'Request Refund', operator: '值班操作员（operator）', reason: 'Paid Twice' },
        { actionLabel: 'Refund Approved', operator: '系统管理员（admin）', reason: 'Approved' },
        { actionLabel: 'Refund Succeeded', operator: 'Payment channel', reason: 'Refunded by the channel' },
        { actionLabel: 'Refund Retried', operator: '系统管理员（admin）', reason: 'Retried under the same refund number RF2026' },
      ],
    });
  });

  it("every receipt the notice gateway answers, and a job's sender, in English", () => {
    const receipts = new Set<string>();
    for (let n = 0; n < 400; n++) for (const channel of [1, 2]) receipts.add(simulateDelivery(`粤B${10000 + n}`, channel).msg);
    expect(receipts.size).toBe(5);
    for (const resultMsg of [...receipts, '欠费记录已处理，通知取消']) {
      const english = englishServerTexts({ resultMsg, sender: '系统' }, table) as { resultMsg: string; sender: string };
      expect(hasCjk(english.resultMsg), english.resultMsg).toBe(false);
      expect(english.sender).toBe('System');
    }
    expect(englishServerTexts({ resultMsg: '短信已送达' }, table)).toEqual({ resultMsg: 'SMS delivered' });
  });
});
