import { type PriceTemplate, SLOT_MINUTES, type Tier, slotStart, tierAt } from './price-slots.ts';
import { PRICE_TIER } from '../../domain/charging-codes.ts';

/**
 * The bill of a charging session (notes §9.5), pure: energy per 30-minute slot keyed by its full
 * date-time (never the hour of day, so sessions over midnight or past 24 h stay apart), the energy
 * register interpolated linearly at slot boundaries the samples do not hit, slots of one tier in a
 * row joined into a segment, each printed line (segment × electricity / service) rounded half-up to
 * cents and the total the sum of the lines, so the itemised bill adds up. Discounts come off the
 * service fee only, so the electricity pass-through stays intact. The billed span runs from the
 * first sample's whole second to the last one's (the register is flat outside the samples), so every
 * line starts and ends on a whole second however precise the pile's clock is.
 */

export interface MeterSample {
  /** epoch ms */
  at: number;
  /** energy register, Wh */
  wh: number;
}

export interface BillLine {
  tier: number;
  tierName: string;
  /** epoch ms */
  from: number;
  to: number;
  /** 1/100000 yuan per kWh */
  elecPrice: number;
  servicePrice: number;
  energyWh: number;
  elecCents: number;
  serviceCents: number;
}

export interface Bill {
  lines: BillLine[];
  energyWh: number;
  elecCents: number;
  serviceCents: number;
  discountCents: number;
  totalCents: number;
}

export interface Discount {
  /** percent off the service fee (10 = 10 % off) */
  servicePercentOff?: number;
  /** a fixed amount off the service fee, cents */
  serviceCentsOff?: number;
}

/** Wh × (1/100000 yuan per kWh) → cents, half-up: wh·price / 10^6 cents. */
export function lineCents(wh: number, price: number): number {
  return Math.floor((2 * wh * price + 1_000_000) / 2_000_000);
}

/** The register at `t`, interpolated between the samples around it and rounded to whole Wh. */
function registerAt(samples: MeterSample[], t: number): number {
  let i = 1;
  while (i < samples.length - 1 && samples[i].at < t) i++;
  const a = samples[i - 1];
  const b = samples[i];
  if (t <= a.at) return a.wh;
  if (t >= b.at) return b.wh;
  return Math.round(a.wh + ((b.wh - a.wh) * (t - a.at)) / (b.at - a.at));
}

export function computeBill(samplesIn: MeterSample[], price: PriceTemplate, discount: Discount = {}): Bill {
  const samples = [...samplesIn].sort((x, y) => x.at - y.at);
  const lines: BillLine[] = [];
  if (samples.length >= 2) {
    const first = Math.floor(samples[0].at / 1000) * 1000;
    const last = Math.ceil(samples[samples.length - 1].at / 1000) * 1000;
    const step = SLOT_MINUTES * 60_000;
    for (let s = slotStart(first); s < last; s += step) {
      const from = Math.max(s, first);
      const to = Math.min(s + step, last);
      const wh = registerAt(samples, to) - registerAt(samples, from);
      const tier = tierAt(price, s);
      const prev = lines[lines.length - 1];
      if (prev && prev.tier === tier && prev.to === from) {
        prev.to = to;
        prev.energyWh += wh;
      } else {
        const p = price.tiers[String(tier)]!;
        lines.push({
          tier,
          tierName: PRICE_TIER[tier as Tier],
          from,
          to,
          elecPrice: p.elec,
          servicePrice: p.service,
          energyWh: wh,
          elecCents: 0,
          serviceCents: 0,
        });
      }
    }
  }
  for (const l of lines) {
    l.elecCents = lineCents(l.energyWh, l.elecPrice);
    l.serviceCents = lineCents(l.energyWh, l.servicePrice);
  }
  const sum = (k: 'energyWh' | 'elecCents' | 'serviceCents') => lines.reduce((n, l) => n + l[k], 0);
  const elecCents = sum('elecCents');
  const serviceCents = sum('serviceCents');
  const percent = Math.min(100, Math.max(0, discount.servicePercentOff ?? 0));
  const byPercent = Math.floor((2 * serviceCents * percent + 100) / 200);
  const discountCents = Math.min(serviceCents, byPercent + Math.max(0, discount.serviceCentsOff ?? 0));
  return {
    lines,
    energyWh: sum('energyWh'),
    elecCents,
    serviceCents,
    discountCents,
    totalCents: elecCents + serviceCents - discountCents,
  };
}
