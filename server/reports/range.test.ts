import { describe, expect, it } from 'vitest';
import { RANGE_TOO_LONG, reportRange } from './range.ts';

const NOW = Date.parse('2026-11-27T10:00:00+08:00');

describe('reportRange', () => {
  it('is today when nothing is asked, and says today is not over', () => {
    expect(reportRange({}, NOW)).toMatchObject({ first: '2026-11-27', last: '2026-11-27', today: '2026-11-27' });
  });

  it('takes amis’s range of days or of epoch seconds', () => {
    expect(reportRange({ dateRange: '2026-11-01,2026-11-30' }, NOW).days).toHaveLength(30);
    expect(
      reportRange(
        { dateRange: `${Date.parse('2026-11-02T00:00:00+08:00') / 1000},${Date.parse('2026-11-03T00:00:00+08:00') / 1000}` },
        NOW,
      ),
    ).toMatchObject({
      first: '2026-11-02',
      last: '2026-11-03',
    });
  });

  it('refuses more than a month, a reversed range, a day that does not exist and a year out of range, each in words', () => {
    expect(() => reportRange({ from: '2026-01-01', to: '2026-02-01' }, NOW)).toThrow(RANGE_TOO_LONG);
    expect(() => reportRange({ from: '2026-02-02', to: '2026-02-01' }, NOW)).toThrow('结束日期不能早于开始日期');
    expect(() => reportRange({ from: '2026-02-30' }, NOW)).toThrow('开始日期格式不正确，应为 YYYY-MM-DD');
    expect(() => reportRange({ from: '0000-01-01' }, NOW)).toThrow('开始日期超出范围（2000-01-01 至 2099-12-31）');
  });
});
