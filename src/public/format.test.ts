import { afterEach, describe, expect, it, vi } from 'vitest';
import { duration, money, newIdempotencyKey, plateColorText, plateTone, yuan } from './format';
import { scanPageTarget } from './handover';

describe('what the public pages write', () => {
  it('money in yuan with two decimals, from integer cents', () => {
    expect(yuan(1200)).toBe('12.00');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(123456)).toBe('1234.56');
    expect(yuan(-350)).toBe('-3.50');
    expect(money(0)).toBe('¥0.00');
  });

  it('durations in hours and minutes, days when long', () => {
    expect(duration(59)).toBe('0分钟');
    expect(duration(8100)).toBe('2小时15分钟');
    expect(duration(26 * 3600 + 60)).toBe('1天2小时1分钟');
  });

  it('the plate colour in words, by the label the server sends', () => {
    expect(plateTone('蓝')).toBe('blue');
    expect(plateTone('黄牌')).toBe('yellow');
    expect(plateTone('')).toBe('other');
    expect(plateColorText('绿')).toBe('绿牌');
    expect(plateColorText('')).toBe('');
  });
});

describe('idempotency keys', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are v4 UUIDs, different each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('are made without randomUUID too (a phone on a LAN http address is no secure context)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array) => b.fill(7) });
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("index.html's hand-over of the public pages (handover.ts)", () => {
  it('sends each public page, query and all, to scan.html', () => {
    expect(scanPageTarget('#/scanQRcode?parkingId=p1&laneId=l1')).toBe('scan.html#/scanQRcode?parkingId=p1&laneId=l1');
    for (const path of ['/orderInfoByQRcode', '/payResult', '/pdaScanQrcode', '/scanGroupCardQrcode', '/groupCardInfo', '/activity'])
      expect(scanPageTarget(`#${path}`)).toBe(`scan.html#${path}`);
  });

  it("keeps the console's own pages", () => {
    for (const hash of ['', '#/', '#/login', '#/parking/parkingAdmin', '#/scanQRcodeX']) expect(scanPageTarget(hash)).toBeNull();
  });
});
