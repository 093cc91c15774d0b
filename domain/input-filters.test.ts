import { describe, expect, it } from 'vitest';
import { keepInteger, keepMoney, stripWhitespace } from './input-filters';

describe('input filters', () => {
  it('money input keeps digits and up to 2 decimals', () => {
    expect(keepMoney('12.345')).toBe('12.34');
    expect(keepMoney('a1b2.3.4')).toBe('12.34');
    expect(keepMoney('¥ 8')).toBe('8');
  });
  it('integer input keeps digits only', () => {
    expect(keepInteger('12.5a')).toBe('125');
  });
  it('strips whitespace', () => {
    expect(stripWhitespace(' 粤B 123 45 ')).toBe('粤B12345');
  });
});
