import { describe, expect, it, vi } from 'vitest';
import { createDictCache, isDictRequest, numericValue, storedEntry } from './dict-cache';

const payload = (items: { label: string; value: string }[]) => ({ status: 0, msg: '', data: { items, total: items.length } });

describe('dictionary options', () => {
  it('recognises dictionary reads', () => {
    expect(isDictRequest('/api/dictDetail?dictName=road_type&page=0&size=9999')).toBe(true);
    expect(isDictRequest('api/dictDetail?dictName=x')).toBe(true);
    expect(isDictRequest('/api/system/Parking')).toBe(false);
  });

  it('turns values that parse as numbers into numbers', () => {
    expect(numericValue('2')).toBe(2);
    expect(numericValue('0.5')).toBe(0.5);
    expect(numericValue('abc')).toBe('abc');
    expect(numericValue('')).toBe('');
  });

  it('loads a dictionary once per session, with numeric values', async () => {
    const { cachedDict } = createDictCache();
    const load = vi.fn(async () =>
      payload([
        { label: '路内', value: '1' },
        { label: '代码', value: 'A1' },
      ]),
    );
    const first = await cachedDict('/api/dictDetail?dictName=road_type', load);
    await cachedDict('/api/dictDetail?dictName=road_type', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect((first.data as { items: { value: unknown }[] }).items.map((i) => i.value)).toEqual([1, 'A1']);
  });

  it('reads again after an entry was written', async () => {
    const { cachedDict, forgetDicts } = createDictCache();
    const load = vi.fn(async () => payload([]));
    await cachedDict('/api/dictDetail?dictName=x', load);
    forgetDicts();
    await cachedDict('/api/dictDetail?dictName=x', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not remember a failed read', async () => {
    const { cachedDict } = createDictCache();
    const load = vi.fn(async () => ({ status: 500, msg: 'x', data: null }));
    await cachedDict('/api/dictDetail?dictName=y', load);
    await new Promise((r) => setTimeout(r, 0));
    await cachedDict('/api/dictDetail?dictName=y', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('writes an entry’s value back as the text the dictionary stores', () => {
    expect(storedEntry({ id: 'dd-road_type-2', label: '路外', value: 2 })).toEqual({ id: 'dd-road_type-2', label: '路外', value: '2' });
    expect(storedEntry({ label: 'x', value: 'a' })).toEqual({ label: 'x', value: 'a' });
    expect(storedEntry(null)).toBeNull();
  });
});
