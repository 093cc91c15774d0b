import { describe, expect, it } from 'vitest';
import { isLotWrite, lotLookupType } from './lot-lookup';

describe('lot lookup', () => {
  it('recognises the shared lookup of all lots and of one type', () => {
    expect(lotLookupType('/api/system/Parking?pageSize=1000&enabledmark=1')).toEqual({ type: undefined });
    expect(lotLookupType('api/system/Parking?enabledmark=1&pageSize=1000&type=1')).toEqual({ type: 1 });
    expect(lotLookupType('/api/system/Parking?pageSize=1000&enabledmark=1&type=0')).toEqual({ type: 0 });
  });

  it('leaves lists of lots to the server', () => {
    expect(lotLookupType('/api/system/Parking?currentPage=1&pageSize=10')).toBeNull();
    expect(lotLookupType('/api/system/Parking?pageSize=1000&enabledmark=1&keyword=x')).toBeNull();
    expect(lotLookupType('/api/system/Parking?pageSize=1000')).toBeNull();
    expect(lotLookupType('/api/system/ParkingLane?pageSize=1000&enabledmark=1')).toBeNull();
    expect(lotLookupType('/api/system/Parking/p-1')).toBeNull();
  });

  it('knows the writes that change it', () => {
    expect(isLotWrite('post', '/api/system/Parking')).toBe(true);
    expect(isLotWrite('put', '/api/system/Parking/p-1/Actions/State')).toBe(true);
    expect(isLotWrite('delete', '/api/system/Parking/p-1')).toBe(true);
    expect(isLotWrite('get', '/api/system/Parking')).toBe(false);
    expect(isLotWrite('post', '/api/system/ParkingLane')).toBe(false);
  });
});
