import { describe, expect, it } from 'vitest';
import { PageVersions } from './page-reload';

describe('page versions', () => {
  it('a saved page reloads that page; a saved fragment reloads every page', () => {
    const pageVersions = new PageVersions();
    expect(pageVersions.of('parking/parkingLane')).toBe(0);
    pageVersions.bump('parking/parkingLane');
    expect(pageVersions.of('parking/parkingLane')).toBe(1);
    expect(pageVersions.of('system/user')).toBe(0);
    pageVersions.bump('_fragments/lot-select');
    expect(pageVersions.of('parking/parkingLane')).toBe(2);
    expect(pageVersions.of('system/user')).toBe(1);
  });
});
