import { describe, expect, it } from 'vitest';
import { downloadName } from './download';

describe('download names', () => {
  it('start with the China time of the download, whatever the browser’s zone', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      const at = new Date('2026-11-21T15:30:45+08:00');
      expect(downloadName('attachment; filename="orders.xlsx"', '/api/x', at)).toBe('20261121-153045_orders.xlsx');
      expect(downloadName(undefined, '/api/charging/Order/Actions/Export?state=4', at)).toBe('20261121-153045_Export');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
