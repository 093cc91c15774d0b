/** min / median / max of a figure's runs, and how the bench prints them. */
export interface Summary {
  min: number;
  median: number;
  max: number;
}

export function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { min: sorted[0], median, max: sorted[sorted.length - 1] };
}

export function formatSummary(s: Summary, digits: number, unit = ''): string {
  const f = (n: number) => n.toFixed(digits);
  return s.min === s.max ? `${f(s.median)}${unit}` : `${f(s.min)} / ${f(s.median)} / ${f(s.max)}${unit}`;
}

/** One line of the bench's table: the figure's runs beside its budget. */
export interface FigureRow {
  figure: string;
  value: string;
  budget: string;
  /** true: met (by the median), false: missed, null: no pass/fail (context only) */
  met: boolean | null;
  note?: string;
}

export function printTable(rows: FigureRow[]): void {
  const head = ['figure', 'min / median / max', 'budget', 'met'];
  const lines = rows.map((r) => [r.figure, r.value, r.budget, r.met === null ? '–' : r.met ? 'yes' : 'NO']);
  const width = (i: number) => Math.max(...[head, ...lines].map((l) => [...l[i]].length));
  const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - [...s].length));
  const fmt = (l: string[]) => `| ${l.map((c, i) => pad(c, width(i))).join(' | ')} |`;
  console.log(fmt(head));
  console.log(`|${head.map((_, i) => '-'.repeat(width(i) + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
  for (const r of rows) if (r.note) console.log(`  ${r.figure}: ${r.note}`);
}
