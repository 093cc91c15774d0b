import { PLATE_PROVINCES, UNPLATED } from '../../domain/field-rules.ts';

/**
 * Demo plates with the colour mix of domain.md (≈65 % blue, 25 % green, 8 % yellow, 2 % unplated),
 * from a seeded generator so every fresh database gets the same demo data.
 */

/** I and O are never used on plates. */
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** Plate colour codes (spec §3): 1 white, 2 yellow, 3 green, 4 black, anything else (5 here) blue. */
export const PLATE_COLORS = { white: 1, yellow: 2, green: 3, black: 4, blue: 5 } as const;

/** mulberry32: small, fast, good enough for demo data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rnd: () => number, s: string): string => s[Math.floor(rnd() * s.length)];
const digits = (rnd: () => number, n: number): string => Array.from({ length: n }, () => pick(rnd, DIGITS)).join('');

/** Mostly local (粤B) plates, some from other provinces, as in a Shenzhen car park. */
export function randomPlate(rnd: () => number): { plateNo: string; plateColor: number | null } {
  const r = rnd();
  const province = rnd() < 0.8 ? '粤' : pick(rnd, PLATE_PROVINCES);
  const office = province === '粤' && rnd() < 0.85 ? 'B' : pick(rnd, LETTERS);
  if (r < 0.02) return { plateNo: UNPLATED, plateColor: null };
  if (r < 0.27) {
    // new energy: 8 characters, D/F first for small cars, last for large ones
    const small = rnd() < 0.9;
    const kind = pick(rnd, 'DF');
    return {
      plateNo: small ? `${province}${office}${kind}${digits(rnd, 5)}` : `${province}${office}${digits(rnd, 5)}${kind}`,
      plateColor: PLATE_COLORS.green,
    };
  }
  const body = `${pick(rnd, LETTERS)}${digits(rnd, 4)}`;
  return {
    plateNo: `${province}${office}${rnd() < 0.5 ? digits(rnd, 5) : body}`,
    plateColor: r < 0.35 ? PLATE_COLORS.yellow : PLATE_COLORS.blue,
  };
}
