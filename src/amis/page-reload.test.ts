import { describe, expect, it } from 'vitest';
import { pageVersions } from './page-reload';

describe('page versions', () => {
  it('a saved page reloads that page; a saved fragment reloads every page', () => {
    const a = pageVersions.of('parking/parkingLane');
    const b = pageVersions.of('system/user');
    pageVersions.bump('parking/parkingLane');
    expect(pageVersions.of('parking/parkingLane')).toBe(a + 1);
    expect(pageVersions.of('system/user')).toBe(b);
    pageVersions.bump('_fragments/lot-select');
    expect(pageVersions.of('parking/parkingLane')).toBe(a + 2);
    expect(pageVersions.of('system/user')).toBe(b + 1);
  });
});
