import { describe, expect, it } from 'vitest';
import { centsToYuan, formatDuration, formatPlate, formatTimestamp, plateColorClass, plateColorKey, plateColorLabel } from './format';

describe('centsToYuan', () => {
  it('divides by 100 with 2 decimals', () => {
    expect(centsToYuan(1234)).toBe('12.34');
    expect(centsToYuan('5')).toBe('0.05');
    expect(centsToYuan(0)).toBe('0.00');
  });
  it('leaves blanks blank and non-numbers alone', () => {
    expect(centsToYuan(null)).toBe('');
    expect(centsToYuan('abc')).toBe('abc');
  });
});

describe('formatPlate', () => {
  it('puts a dot after the first 2 characters of a Chinese plate', () => {
    expect(formatPlate('粤B12345')).toBe('粤B·12345');
    expect(formatPlate('粤BD12345')).toBe('粤B·D12345');
  });
  it('leaves 无牌, non-Chinese and already dotted plates alone', () => {
    expect(formatPlate('无牌')).toBe('无牌');
    expect(formatPlate('无牌车1234')).toBe('无牌车1234');
    expect(formatPlate('WJ12345')).toBe('WJ12345');
    expect(formatPlate('粤B·12345')).toBe('粤B·12345');
  });
});

describe('plate colour', () => {
  it.each([
    [1, 'white'],
    ['2', 'yellow'],
    [3, 'green'],
    [4, 'black'],
    [5, 'blue'],
    [0, 'blue'],
    [null, 'blue'],
    ['白色', 'white'],
    ['黄', 'yellow'],
    ['绿色', 'green'],
    ['黑色', 'black'],
    ['蓝色', 'blue'],
  ])('%s → %s', (code, key) => {
    expect(plateColorKey(code)).toBe(key);
  });
  it('gives a label and a class', () => {
    expect(plateColorLabel(3)).toBe('绿色');
    expect(plateColorLabel('黄色', 'en-US')).toBe('Yellow');
    expect(plateColorClass(2)).toBe('pc-plate--yellow');
  });
});

describe('formatDuration', () => {
  it('shows days, hours, minutes and seconds', () => {
    expect(formatDuration(90061)).toBe('1天1小时1分钟1秒');
    expect(formatDuration(3600)).toBe('1小时0分钟0秒');
    expect(formatDuration(59)).toBe('59秒');
    expect(formatDuration(0)).toBe('0秒');
  });
  it('speaks English in en-US', () => {
    expect(formatDuration(7, 'en-US')).toBe('7 s');
    expect(formatDuration(7260, 'en-US')).toBe('2 h 1 min 0 s');
    expect(formatDuration(90061, 'en-US')).toBe('1 d 1 h 1 min 1 s');
  });
});

describe('formatTimestamp', () => {
  it('reads 10 digits as seconds and shows China time in y-m-d h:i:s', () => {
    expect(formatTimestamp(1700000000)).toBe('2023-11-15 06:13:20');
  });
  it('reads 13 digits as milliseconds', () => {
    expect(formatTimestamp(1700000000000)).toBe('2023-11-15 06:13:20');
  });
  it('takes a custom pattern', () => {
    expect(formatTimestamp('1700000000', 'y/m/d')).toBe('2023/11/15');
    expect(formatTimestamp(1700000000, 'h:i')).toBe('06:13');
  });
  it('drops a fraction of a second or millisecond, as a clock does (a fractional epoch is not a date string)', () => {
    expect(formatTimestamp(1700000000000.789)).toBe('2023-11-15 06:13:20');
    expect(formatTimestamp('1700000059999.5', 'm-d h:i:s')).toBe('11-15 06:14:19');
    expect(formatTimestamp(1700000000.5)).toBe('2023-11-15 06:13:20');
  });
  it('leaves unparseable text alone', () => {
    expect(formatTimestamp('not a date')).toBe('not a date');
    expect(formatTimestamp('')).toBe('');
  });
});
