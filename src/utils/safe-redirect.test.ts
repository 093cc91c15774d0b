import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps an in-app path with its query', () => {
    expect(safeRedirect('/parking/parkingAdmin?x=1')).toBe('/parking/parkingAdmin?x=1');
    expect(safeRedirect('%2Fparking%2FparkingAdmin')).toBe('/parking/parkingAdmin');
  });

  it.each([
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/%2F/evil.example',
    'parking',
    '/login?redirect=/x',
  ])('rejects %s', (raw) => {
    expect(safeRedirect(raw)).toBe('/');
  });

  it('falls back when empty or undecodable', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('%E0%A4%A')).toBe('/');
  });
});
