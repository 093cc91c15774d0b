import { describe, expect, it } from 'vitest';
import { routeQueryData } from './route-query';

describe('routeQueryData', () => {
  it('turns a link’s query into filter values, whole numbers as numbers', () => {
    expect(routeQueryData('?status=0&plateNo=%E7%B2%A4B12345&ageBucket=3')).toEqual({ status: 0, plateNo: '粤B12345', ageBucket: 3 });
  });

  it('keeps codes with leading zeros as text and drops names that are not plain', () => {
    expect(routeQueryData('?code=007&__proto__=1&a.b=2&x[y]=3')).toEqual({ code: '007' });
  });
});
