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
});
