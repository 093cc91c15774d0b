import { describe, expect, it } from 'vitest';
import { matchStaticRoute } from './static-routes';

describe('static shell routes', () => {
  it('gives one parameter set per path, for a tab per id', () => {
    expect(matchStaticRoute('/OrderManagement/parkingRecordOrderInfo/7')?.params).toEqual({ id: '7' });
    expect(matchStaticRoute('/parkingAdmin/add/abc')).toMatchObject({ route: { urlAddress: 'parking/parkingAdd' }, params: { id: 'abc' } });
  });

  it('does not match unknown paths', () => {
    expect(matchStaticRoute('/parkingAdmin/add')).toBeUndefined();
    expect(matchStaticRoute('/nothing')).toBeUndefined();
  });
});
