import ExcelJS from 'exceljs';
import { looksLikeFormula } from './formula-guard.ts';

/** A column of an exported sheet: its header, its width in characters, and what a row shows in it. */
export type SheetColumn<T> = [header: string, width: number, value: (row: T) => string | number];

/** A text column of an answer row (its rows are the list's answers, untyped): '' for none. */
export const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** China time (UTC+8) of epoch milliseconds as `YYYY-MM-DD HH:mm:ss`, '' for none: exports read like the screens. */
export function chinaTime(ms: unknown): string {
  return typeof ms === 'number' && ms ? new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ') : '';
}

/** One sheet with a bold, frozen header row: the shape of every list export. */
export async function sheetWorkbook<T>(sheetName: string, columns: SheetColumn<T>[], rows: T[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map(([header, width], i) => ({ header, width, key: String(i) }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    const added = ws.addRow(columns.map(([, , value]) => value(row)));
    // exceljs writes a string as a string cell, never a formula; the text format ('@') keeps it text
    // when the operator edits the cell, where Excel would otherwise evaluate `=...` on Enter
    added.eachCell((cell) => {
      if (looksLikeFormula(cell.value)) cell.numFmt = '@';
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
