import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvText } from './csv.ts';
import { sheetWorkbook } from './xlsx.ts';

/** Every export writer turns text a spreadsheet would run into plain text; numbers stay numbers. */

const RISKY = ['=HYPERLINK("http://x","y")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];

describe('text that looks like a formula', () => {
  it('is a plain text cell in an xlsx, formatted as text; a negative number stays a number', async () => {
    const rows = [...RISKY.map((text) => ({ text, n: -5 })), { text: '粤B12345', n: 3 }];
    const buf = await sheetWorkbook<{ text: string; n: number }>(
      't',
      [
        ['文本', 10, (r) => r.text],
        ['数', 10, (r) => r.n],
      ],
      rows,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    RISKY.forEach((text, i) => {
      const cell = ws.getRow(i + 2).getCell(1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      // (an XML reader hands a carriage return back as a line feed)
      expect(cell.value).toBe(text.replace('\r', '\n'));
      expect(cell.numFmt).toBe('@');
      expect(ws.getRow(i + 2).getCell(2).value).toBe(-5);
    });
    expect(ws.getRow(RISKY.length + 2).getCell(1).numFmt).toBeUndefined();
  });

  it('gets the apostrophe that makes it text in a csv; a negative number is written as it is', () => {
    const csv = csvText(
      [
        ['text', '文本'],
        ['n', '数'],
      ],
      [
        { text: '=HYPERLINK("http://x","y")', n: -5 },
        { text: '-3', n: 2 },
        { text: '\tx', n: 0 },
      ],
    );
    expect(csv.split('\r\n').slice(1)).toEqual([`"'=HYPERLINK(""http://x"",""y"")",-5`, `'-3,2`, `'\tx,0`]);
  });
});
