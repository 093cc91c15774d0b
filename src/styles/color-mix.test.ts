import { describe, expect, it } from 'vitest';
import { brandPalette, mix, parseHex, toHex } from './color-mix';

describe('colour mix', () => {
  it('parses short and long hex', () => {
    expect(parseHex('#409EFF')).toEqual([64, 158, 255]);
    expect(parseHex('fff')).toEqual([255, 255, 255]);
    expect(() => parseHex('red')).toThrow();
  });

  it('mixes by weight', () => {
    expect(mix('#000000', '#ffffff', 0)).toBe('#000000');
    expect(mix('#000000', '#ffffff', 1)).toBe('#ffffff');
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(toHex([300, -5, 16])).toBe('#ff0010');
  });

  it('gives ten shades, darker before the base and lighter after', () => {
    const p = brandPalette('#409EFF');
    expect(p).toHaveLength(10);
    expect(p[4]).toBe('#409eff');
    const lum = (h: string) => parseHex(h).reduce((a, b) => a + b, 0);
    for (let i = 1; i < 10; i++) expect(lum(p[i])).toBeGreaterThan(lum(p[i - 1]));
  });
});
