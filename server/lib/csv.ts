import { looksLikeFormula } from './formula-guard.ts';

/** A CSV file a spreadsheet opens as text: UTF-8 with a byte-order mark, CRLF lines, quoted cells. */

const cell = (v: unknown): string => {
  // text a spreadsheet would run as a formula gets the apostrophe that makes it text; numbers stay numbers
  const s = looksLikeFormula(v) ? `'${v}` : String(v ?? '');
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** `columns`: [key of the row, title]; a `createTime` in epoch ms is written as an ISO instant. */
export function csvText(columns: [string, string][], rows: Record<string, unknown>[]): string {
  const lines = [
    columns.map(([, title]) => cell(title)).join(','),
    ...rows.map((j) => columns.map(([key]) => cell(key === 'createTime' ? new Date(Number(j[key])).toISOString() : j[key])).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}`;
}

export const CSV_TYPE = 'text/csv; charset=utf-8';
