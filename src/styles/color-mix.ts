/** A tiny colour helper: enough to derive a palette from one picked colour, without a colour library. */

type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a hex colour: ${hex}`);
  const h = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return (
    '#' +
    [r, g, b]
      .map((v) =>
        Math.round(Math.min(255, Math.max(0, v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** `weight` of `other` mixed into `base` (0 = base, 1 = other). */
export function mix(base: string, other: string, weight: number): string {
  const a = parseHex(base);
  const b = parseHex(other);
  return toHex(a.map((v, i) => v + (b[i] - v) * weight) as Rgb);
}

/**
 * Ten shades in amis's order: 1–4 darker, 5 the colour itself, 6 hover,
 * 7–8 lighter, 9–10 light backgrounds.
 */
export function brandPalette(base: string): string[] {
  const shades = [0.75, 0.55, 0.35, 0.15].map((w) => mix(base, '#000000', w));
  const tints = [0.2, 0.4, 0.6, 0.8, 0.9].map((w) => mix(base, '#ffffff', w));
  return [...shades, toHex(parseHex(base)), ...tints];
}

/** WCAG 2 relative luminance of a colour (0 black … 1 white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The shade of `color` nearest to it that reads at `ratio` against `background`: darker on a light
 * background, lighter on a dark one. Text in that shade on the background, or the background's
 * colour on a fill of that shade (white text on a white-page button), reaches WCAG AA.
 */
export function readableShade(color: string, background: string, ratio = 4.5): string {
  const toward = luminance(background) > 0.18 ? '#000000' : '#ffffff';
  for (let step = 0; step <= 100; step++) {
    const shade = mix(color, toward, step / 100);
    if (contrast(shade, background) >= ratio) return shade;
  }
  return toward;
}
