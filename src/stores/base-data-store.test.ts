import { describe, expect, it } from 'vitest';
import { reply, stubHttpClient, type StubRequest } from '../test-support/stub-http';
import { BaseDataStore, LookupRefused, LookupUnanswered } from './base-data-store';

const lot = (id: string, type: number) => ({ id, parkingCode: id.toUpperCase(), parkingName: `车场${id}`, type });
const LOTS = [lot('a', 0), lot('b', 1), lot('c', 4), lot('d', 1)];

/** A store on a stub that answers like the reference server (filters by type, wraps in the envelope); `failing.type` fails that lookup. */
function setup() {
  const failing: { type?: number; refused?: number; erred?: number } = {};
  const stub = stubHttpClient({
    'GET /api/system/Parking': ({ params }: StubRequest) => {
      const { type } = params;
      if (failing.type !== undefined && type === failing.type) throw new Error('network down');
      if (failing.refused !== undefined && type === failing.refused) return { code: 500, msg: '数据库忙，请稍后再试', data: null };
      if (failing.erred !== undefined && type === failing.erred)
        return reply(500, { code: 500, msg: '数据库忙，请稍后再试', data: null }, { 'x-request-id': 'rid-7' });
      const list = type === undefined ? LOTS : LOTS.filter((l) => l.type === type);
      return { code: 200, msg: '', data: { list, pagination: { currentPage: 1, pageSize: 1000, total: list.length } } };
    },
  });
  return { store: new BaseDataStore(stub.http), stub, failing };
}

describe('BaseDataStore.load', () => {
  it('asks for 1000 enabled lots: all, then type 0, 1 and 4', async () => {
    const { store, stub } = setup();
    await store.load();
    expect(stub.calls.map((c) => [c.key, c.params])).toEqual([
      ['GET /api/system/Parking', { pageSize: 1000, enabledmark: 1 }],
      ['GET /api/system/Parking', { pageSize: 1000, enabledmark: 1, type: 0 }],
      ['GET /api/system/Parking', { pageSize: 1000, enabledmark: 1, type: 1 }],
      ['GET /api/system/Parking', { pageSize: 1000, enabledmark: 1, type: 4 }],
    ]);
    expect(store.parkingList.map((l) => l.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(store.parkingTypeSpace.map((l) => l.id)).toEqual(['a']);
    expect(store.parkingTypeLane.map((l) => l.id)).toEqual(['b', 'd']);
    expect(store.parkingTypeCharge.map((l) => l.id)).toEqual(['c']);
    expect(store.hideExportId).toBe('');
  });

  it('keeps a list as it was when its lookup fails', async () => {
    const { store, stub, failing } = setup();
    await store.load();
    failing.type = 1;
    await store.load();
    expect(store.parkingTypeLane.map((l) => l.id)).toEqual(['b', 'd']);
    // the failure went through the error catalogue, quietly: the select that asked says it (src/amis/fetcher.ts)
    expect(stub.failures).toEqual([{ action: { kind: 'notify', title: '接口请求失败' }, quiet: true }]);
    store.setHideExportId('c');
    expect(store.hideExportId).toBe('c');
    store.reset();
    expect(store.parkingList).toEqual([]);
  });
});

describe('BaseDataStore.lots', () => {
  it('loads once per owner and answers each type from the lists', async () => {
    const { store, stub } = setup();
    expect((await store.lots(undefined, 'token-a')).map((l) => l.id)).toEqual(['a', 'b', 'c', 'd']);
    expect((await store.lots(1, 'token-a')).map((l) => l.id)).toEqual(['b', 'd']);
    expect((await store.lots(0, 'token-a')).map((l) => l.id)).toEqual(['a']);
    expect((await store.lots(4, 'token-a')).map((l) => l.id)).toEqual(['c']);
    expect(stub.calls).toHaveLength(4);
    // another user may see other lots
    await store.lots(1, 'token-b');
    expect(stub.calls).toHaveLength(8);
  });

  it('loads again after a lot is written, or after a lookup failed', async () => {
    const { store, stub, failing } = setup();
    await store.lots(undefined, 't');
    store.forget();
    await store.lots(undefined, 't');
    expect(stub.calls).toHaveLength(8);
    failing.type = 1;
    store.forget();
    await expect(store.lots(1, 't')).rejects.toThrow('接口请求失败');
    await new Promise((r) => setTimeout(r, 0));
    delete failing.type;
    expect((await store.lots(1, 't')).map((l) => l.id)).toEqual(['b', 'd']);
    expect(stub.calls).toHaveLength(16);
    expect(stub.unanswered).toEqual([]);
  });

  it('a lookup the server refuses (HTTP 200, code 500) is an error with its message, not an empty list', async () => {
    const { store, failing } = setup();
    failing.refused = 4;
    await expect(store.lots(4, 't')).rejects.toThrow(LookupRefused);
    await expect(store.lots(4, 't')).rejects.toThrow('数据库忙，请稍后再试');
    // the other lookups of the same load still answer
    expect((await store.lots(1, 't')).map((l) => l.id)).toEqual(['b', 'd']);
  });

  it('a lookup that gets no answer is an error with the catalogue words, not an empty list, and is asked again', async () => {
    const { store, stub, failing } = setup();
    failing.type = 1;
    await expect(store.lots(1, 't')).rejects.toThrow(LookupUnanswered);
    await expect(store.lots(1, 't')).rejects.toThrow(/^接口请求失败$/);
    // the others of the same load answer; the failed load is not kept, so the next select asks the server again
    expect((await store.lots(4, 't')).map((l) => l.id)).toEqual(['c']);
    delete failing.type;
    const before = stub.calls.length;
    expect((await store.lots(1, 't')).map((l) => l.id)).toEqual(['b', 'd']);
    expect(stub.calls.length).toBeGreaterThan(before);
  });

  it('a lookup answered with an error status says it as a list does, the server’s message and the request id with it', async () => {
    const { store, failing } = setup();
    failing.erred = 0;
    const failure = await store.lots(0, 't').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LookupRefused);
    expect((failure as LookupRefused).message).toBe('服务错误：数据库忙，请稍后再试');
    expect((failure as LookupRefused).requestId).toBe('rid-7');
  });
});
