import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../api/client';
import { BaseDataStore } from './base-data-store';

const lot = (id: string, type: number) => ({ id, parkingCode: id.toUpperCase(), parkingName: `车场${id}`, type });
const LOTS = [lot('a', 0), lot('b', 1), lot('c', 4), lot('d', 1)];

let calls: InternalAxiosRequestConfig[] = [];
const original = http.defaults.adapter;

/** Answers like the reference server: filters by type, wraps in the envelope. */
function stub(fail?: number): AxiosAdapter {
  return async (config) => {
    calls.push(config);
    const type = config.params?.type;
    if (fail !== undefined && type === fail) throw new Error('network down');
    const list = type === undefined ? LOTS : LOTS.filter((l) => l.type === type);
    return { data: { code: 200, msg: '', data: { list, pagination: { currentPage: 1, pageSize: 1000, total: list.length } } }, status: 200, statusText: 'OK', headers: {}, config };
  };
}

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  http.defaults.adapter = original;
});

describe('BaseDataStore.load', () => {
  it('asks for 1000 enabled lots: all, then type 0, 1 and 4', async () => {
    http.defaults.adapter = stub();
    const store = new BaseDataStore();
    await store.load();
    expect(calls.map((c) => [c.url, c.params])).toEqual([
      ['/api/system/Parking', { pageSize: 1000, enabledmark: 1 }],
      ['/api/system/Parking', { pageSize: 1000, enabledmark: 1, type: 0 }],
      ['/api/system/Parking', { pageSize: 1000, enabledmark: 1, type: 1 }],
      ['/api/system/Parking', { pageSize: 1000, enabledmark: 1, type: 4 }],
    ]);
    expect(store.parkingList.map((l) => l.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(store.parkingTypeSpace.map((l) => l.id)).toEqual(['a']);
    expect(store.parkingTypeLane.map((l) => l.id)).toEqual(['b', 'd']);
    expect(store.parkingTypeCharge.map((l) => l.id)).toEqual(['c']);
    expect(store.hideExportId).toBe('');
  });

  it('keeps a list as it was when its lookup fails', async () => {
    const store = new BaseDataStore();
    http.defaults.adapter = stub();
    await store.load();
    http.defaults.adapter = stub(1);
    await store.load();
    expect(store.parkingTypeLane.map((l) => l.id)).toEqual(['b', 'd']);
    store.setHideExportId('c');
    expect(store.hideExportId).toBe('c');
    store.reset();
    expect(store.parkingList).toEqual([]);
  });
});

describe('BaseDataStore.lots', () => {
  it('loads once per owner and answers each type from the lists', async () => {
    http.defaults.adapter = stub();
    const store = new BaseDataStore();
    expect((await store.lots(undefined, 'token-a')).map((l) => l.id)).toEqual(['a', 'b', 'c', 'd']);
    expect((await store.lots(1, 'token-a')).map((l) => l.id)).toEqual(['b', 'd']);
    expect((await store.lots(0, 'token-a')).map((l) => l.id)).toEqual(['a']);
    expect((await store.lots(4, 'token-a')).map((l) => l.id)).toEqual(['c']);
    expect(calls).toHaveLength(4);
    // another user may see other lots
    await store.lots(1, 'token-b');
    expect(calls).toHaveLength(8);
  });

  it('loads again after a lot is written, or after a lookup failed', async () => {
    http.defaults.adapter = stub();
    const store = new BaseDataStore();
    await store.lots(undefined, 't');
    store.forget();
    await store.lots(undefined, 't');
    expect(calls).toHaveLength(8);
    http.defaults.adapter = stub(1);
    store.forget();
    await store.lots(1, 't');
    await new Promise((r) => setTimeout(r, 0));
    http.defaults.adapter = stub();
    expect((await store.lots(1, 't')).map((l) => l.id)).toEqual(['b', 'd']);
    expect(calls).toHaveLength(16);
  });
});
