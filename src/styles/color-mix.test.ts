import { describe, expect, it } from 'vitest';
import { brandPalette, contrast, luminance, mix, parseHex, readableShade, toHex } from './color-mix';

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

describe('readable shades', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#409eff', '#ffffff')).toBeCloseTo(2.78, 2);
    expect(contrast('#b8babf', '#ffffff')).toBeCloseTo(1.94, 2);
  });

  it('keeps a colour that already reads and darkens one that does not, as little as it takes', () => {
    expect(readableShade('#6959cd', '#ffffff')).toBe('#6959cd');
    const shade = readableShade('#409eff', '#ffffff');
    expect(contrast(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(mix('#409eff', '#000000', 0.2), '#ffffff')).toBeLessThan(4.5);
  });

  it('lightens on a dark background', () => {
    const shade = readableShade('#304156', '#304156');
    expect(contrast(shade, '#304156')).toBeGreaterThanOrEqual(4.5);
    expect(luminance(shade)).toBeGreaterThan(luminance('#304156'));
  });
});
