import { describe, expect, it } from 'vitest';
import { normalizeBody, normalizeQuery } from './request-query';

describe('request normalisation', () => {
  it('trims string filters and drops empty ones', () => {
    expect(normalizeQuery('/api/system/Parking?keyword=%20abc%20&regionCode=&currentPage=1&pageSize=10')).toBe(
      '/api/system/Parking?keyword=abc&currentPage=1&pageSize=10',
    );
  });

  it('renames amis paging to currentPage/pageSize', () => {
    expect(normalizeQuery('/api/x?page=2&perPage=20')).toBe('/api/x?currentPage=2&pageSize=20');
  });

  it('uses pageNum/pageSize in rows mode', () => {
    expect(normalizeQuery('/api/x?page=3&perPage=15', true)).toBe('/api/x?pageNum=3&pageSize=15');
  });

  it("leaves an API's own page parameter alone", () => {
    expect(normalizeQuery('api/dictDetail?dictName=road&page=0&size=9999')).toBe('api/dictDetail?dictName=road&page=0&size=9999');
  });

  it('trims body strings and sends empty ones as null', () => {
    expect(normalizeBody({ a: ' x ', b: '', c: 3 })).toEqual({ a: 'x', b: null, c: 3 });
  });
});
