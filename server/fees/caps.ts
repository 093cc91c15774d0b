import { DAY_MS, chinaIso } from '../../domain/china-time.ts';
import { yuan } from '../../domain/money.ts';
import type { Charge } from './window-pricers.ts';
import type { FeeLine } from './types.ts';

const capLine = (piece: string, kind: FeeLine['kind'], from: string, to: string, feeCents: number, part: string): FeeLine => ({
  piece,
  kind,
  from,
  to,
  units: 0,
  unitPriceCents: 0,
  feeCents,
  part,
  calendar: null,
});

/**
 * Each window occurrence's own cap (白天封顶): walking its charges in time order, what passes the cap
 * is taken off by a cap line after the charges of each 24 hours that passed it, so that the 24-hour
 * caps see what each of their windows really cost.
 */
export function applyWindowCaps(charges: Charge[]): Charge[] {
  const groupKey = (c: Charge) => `${c.occurrence}#${c.day24}`;
  const lastOfGroup = new Map<string, number>();
  charges.forEach((c, i) => lastOfGroup.set(groupKey(c), i));
  const firstOfGroup = new Map<string, Charge>();
  const occurrenceSum = new Map<string, number>();
  const occurrenceOff = new Map<string, number>();
  const out: Charge[] = [];
  charges.forEach((c, i) => {
    out.push(c);
    const cap = c.window.capCents;
    if (cap == null) return;
    if (!firstOfGroup.has(groupKey(c))) firstOfGroup.set(groupKey(c), c);
    occurrenceSum.set(c.occurrence, (occurrenceSum.get(c.occurrence) ?? 0) + c.line.feeCents);
    if (lastOfGroup.get(groupKey(c)) !== i) return;
    const already = occurrenceOff.get(c.occurrence) ?? 0;
    const off = (occurrenceSum.get(c.occurrence) ?? 0) - cap - already;
    if (off <= 0) return;
    occurrenceOff.set(c.occurrence, already + off);
    const name = c.window.name;
    const line = capLine(
      `${name}封顶`,
      'periodCap',
      firstOfGroup.get(groupKey(c))!.line.from,
      c.line.to,
      -off,
      `${name}封顶${yuan(cap)}元`,
    );
    out.push({ ...c, line });
  });
  return out;
}

/**
 * The 24-hour caps (§2.2 step 6): the n-th 24 hours from the billed start costs at most the n-th cap,
 * the last cap repeating. Each charge counts in the 24 hours its unit or visit started in.
 */
export function apply24hCaps(caps: number[], from: number, to: number, charges: Charge[]): FeeLine[] {
  const lines = charges.map((c) => c.line);
  if (!caps.length) return lines;
  const sums: number[] = [];
  for (const c of charges) sums[c.day24] = (sums[c.day24] ?? 0) + c.line.feeCents;
  sums.forEach((sum, n) => {
    const cap = caps[Math.min(n, caps.length - 1)];
    if (sum <= cap) return;
    const a = from + n * DAY_MS;
    lines.push(
      capLine('24小时封顶', 'cap24', chinaIso(a), chinaIso(Math.min(to, a + DAY_MS)), cap - sum, `第${n + 1}个24小时封顶${yuan(cap)}元`),
    );
  });
  return lines;
}
