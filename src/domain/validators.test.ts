import { describe, expect, it } from 'vitest';
import { isEmail, isLink, isPhone, keepInteger, keepMoney, stripWhitespace } from './validators';

describe('validators', () => {
  it('phone: 1, then 3/4/5/7/8, then 9 digits; empty allowed', () => {
    expect(isPhone('13512346781')).toBe(true);
    expect(isPhone('18812346781')).toBe(true);
    expect(isPhone('')).toBe(true);
    expect(isPhone('12512346781')).toBe(false);
    expect(isPhone('16512346781')).toBe(false);
    expect(isPhone('1351234678')).toBe(false);
  });
  it('e-mail', () => {
    expect(isEmail('ops@example.com')).toBe(true);
    expect(isEmail('ops@example')).toBe(false);
    expect(isEmail('a b@example.com')).toBe(false);
  });
  it('links: http, https, mailto and tel only', () => {
    for (const ok of ['http://a.cn/x', 'https://example.com', 'mailto:ops@example.com', 'tel:0755-12345678']) expect(isLink(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://x.cn', 'example.com', 'http://']) expect(isLink(bad)).toBe(false);
  });
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
