import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/envelope.ts';
import { describeRule } from './preview.ts';
import { RULE_A, RULE_B } from './sample-rules.ts';
import { coverageProblem, parseRuleBody, ruleProblem } from './validate.ts';
import type { FeeWindow } from './types.ts';

const { ruleId: _id, version: _v, ruleName: _n, ...bodyA } = RULE_A;
const msgOf = (raw: unknown): string => {
  try {
    parseRuleBody(raw);
    return '';
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return (e as ApiError).message;
  }
};
const w = (name: string, start: string, end: string): FeeWindow => ({ name, start, end, kind: 'free' });

describe('window coverage', () => {
  it('accepts day and night windows that cross midnight and cover the day once', () => {
    expect(coverageProblem([w('白天', '07:00', '19:00'), w('夜间', '19:00', '07:00')], '计费时段')).toBeNull();
    expect(coverageProblem([w('全天', '00:00', '00:00')], '计费时段')).toBeNull();
  });

  it('names the overlapping windows and where they overlap', () => {
    expect(coverageProblem([w('白天', '07:00', '20:00'), w('夜间', '19:00', '07:00')], '计费时段')).toBe(
      '计费时段有重复：白天与夜间在19:00–20:00重叠',
    );
  });

  it('names the first uncovered stretch of the day', () => {
    expect(coverageProblem([w('白天', '07:00', '19:00'), w('夜间', '20:00', '07:00')], '计费时段')).toBe(
      '计费时段未覆盖全天：19:00–20:00没有计费时段',
    );
  });
});

describe('rule bodies from the wire', () => {
  it('accepts the sample rules and fills the defaults of a minimal body', () => {
    expect(ruleProblem(RULE_A)).toBeNull();
    expect(ruleProblem(RULE_B)).toBeNull();
    const body = parseRuleBody({
      windows: [{ name: '全天', start: '00:00', end: '00:00', kind: 'unit', unitMinutes: '60', unitPriceCents: '200' }],
    });
    expect(body).toMatchObject({ freeMinutes: 0, freeMode: 'whole', boundary: 'perPiece', graceMinutes: 15, cap24Cents: [] });
    expect(body.windows[0]).toMatchObject({ unitMinutes: 60, unitPriceCents: 200 });
  });

  it.each([
    [{ freeMinutes: -1 }, '免费时长必须是0到1440之间的整数（分钟）'],
    [{ freeMode: 'half' }, '免费时长方式只能是whole（不足免费，超过从入场计费）或deduct（扣除免费时长后计费）'],
    [{ graceMinutes: 1.5 }, '缴费后离场时限必须是0到1440之间的整数（分钟）'],
    [{ cap24Cents: [-5] }, '第1条24小时封顶金额必须在0到100000元之间（以分为单位的整数）'],
    // a price whose stays would pass Number.MAX_SAFE_INTEGER is refused at save
    [
      { windows: [{ ...bodyA.windows[0], start: '00:00', end: '00:00', unitPriceCents: Number.MAX_SAFE_INTEGER }] },
      '第1条计费时段单位价格必须在0到1000元之间（以分为单位的整数）',
    ],
    [
      { windows: [{ name: '全天', start: '00:00', end: '00:00', kind: 'visit', visitPriceCents: 2_000_000 }] },
      '第1条计费时段每次价格必须在0到10000元之间（以分为单位的整数）',
    ],
    [{ windows: [] }, '计费时段须有1到24条'],
    [{ windows: [{ ...bodyA.windows[0], start: '7点' }, bodyA.windows[1]] }, '第1条计费时段开始时间格式应为HH:mm，如07:00'],
    [
      { windows: [{ ...bodyA.windows[0], unitPriceCents: 1.5 }, bodyA.windows[1]] },
      '第1条计费时段单位价格必须在0到1000元之间（以分为单位的整数）',
    ],
    [{ windows: [{ ...bodyA.windows[0], name: '' }, bodyA.windows[1]] }, '第1条计费时段名称不能为空'],
    [{ windows: [{ ...bodyA.windows[0], unitMinutes: undefined }, bodyA.windows[1]] }, '计费时段第1条（白天）按时长计费，须填写单位时长'],
    [{ windows: [bodyA.windows[0], { ...bodyA.windows[1], visitPriceCents: undefined }] }, '计费时段第2条（夜间）按次计费，须填写每次价格'],
    [
      { windows: [{ ...bodyA.windows[0], ladder: [{ minutes: 45, unitPriceCents: 300 }] }, bodyA.windows[1]] },
      '计费时段第1条（白天）首时段第1档的时长须是单位时长30分钟的整数倍',
    ],
    [{ windows: [bodyA.windows[0], { ...bodyA.windows[1], end: '06:00' }] }, '计费时段未覆盖全天：06:00–07:00没有计费时段'],
    [{ nonWorkingWindows: [w('白天', '08:00', '18:00')] }, '非工作日时段未覆盖全天：18:00–08:00没有计费时段'],
  ])('refuses %j with a message naming the field', (patch, msg) => {
    expect(msgOf({ ...bodyA, ...patch })).toBe(msg);
  });
});

describe('preview sentence', () => {
  it('reads rule A as a tariff notice', () => {
    expect(describeRule(RULE_A)).toBe(
      '白天 07:00–19:00 每30分钟1.50元，封顶15.00元；夜间 19:00–07:00 5.00元/次。停放不足30分钟免费，超过从入场时间起计费。跨时段各自取整。缴费后15分钟内离场不再收费，超时补缴差额。',
    );
  });

  it('names the working-day and non-working-day tariffs and the ladder of rule B', () => {
    const s = describeRule(RULE_B);
    expect(s).toContain('工作日：收费时段 07:30–20:00 首30分钟3.00元，其后150分钟每30分钟6.00元，之后每30分钟10.00元');
    expect(s).toContain('非工作日：收费时段 10:00–20:00 首30分钟1.20元');
  });

  it('describes escalating 24-hour caps', () => {
    expect(describeRule({ ...RULE_A, cap24Cents: [3000, 4000, 5000] })).toContain(
      '24小时封顶30.00元，第2个24小时封顶40.00元，此后每24小时50.00元',
    );
  });
});
