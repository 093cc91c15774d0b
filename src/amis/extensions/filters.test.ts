import { describe, expect, it } from 'vitest';
import { evaluate, registerFilter } from 'amis-formula';
import { readFileSync } from 'node:fs';
import { registerFilters } from './filters';

/** The filters as amis runs them: templates parsed by amis-formula, arguments split as amis splits them. */
registerFilters({ registerFilter });

const china = (s: string) => Date.parse(`${s}+08:00`);

/** The 起止 template of the charging bill's segment table, as the page writes it. */
function segmentTemplate(): string {
  const page = readFileSync('pages-json/charging/chargingOrder.json', 'utf8');
  const m = /"tpl": "(\$\{from \| [^"]+)"/.exec(page);
  if (!m) throw new Error('the segment table has no 起止 template');
  return m[1];
}

describe('timestamp filter', () => {
  it('keeps the minutes of a pattern with a colon (amis splits filter arguments at colons)', () => {
    expect(evaluate('${t | timestamp:m-d h:i}', { t: china('2026-11-24T19:05:09') })).toBe('11-24 19:05');
    expect(evaluate('${t | timestamp:h:i:s}', { t: china('2026-11-24T19:05:09') })).toBe('19:05:09');
    expect(evaluate('${t | timestamp}', { t: china('2026-11-24T19:05:09') })).toBe('2026-11-24 19:05:09');
  });

  it('shows a bill segment as MM-DD HH:mm – HH:mm in China time, also from a fractional epoch', () => {
    const segment = { from: china('2026-11-05T11:52:03') + 0.456, to: china('2026-11-05T12:00') };
    expect(evaluate(segmentTemplate(), segment)).toBe('11-05 11:52 – 12:00');
  });
});
