import type { AmisPayload } from './response-adaptor';

const DICT_PATH = /(^|\/)api\/dictDetail(\/|\?|$)/;

export function isDictRequest(url: string): boolean {
  return DICT_PATH.test(url);
}

/** Values that parse as numbers become numbers, so they match numeric fields of records. */
export function numericValue(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

export function withNumericValues(payload: AmisPayload): AmisPayload {
  const data = payload.data as { items?: { value?: unknown }[] } | null;
  if (payload.status !== 0 || !data || !Array.isArray(data.items)) return payload;
  const items = data.items.map((item) => ({ ...item, value: numericValue(item.value) }));
  return { ...payload, data: { ...data, items, options: items } };
}

/**
 * An entry written back (数据字典's editor) carries its value as the dictionary stores it, as text:
 * a value read as the number 2 goes back as "2".
 */
export function storedEntry<T>(body: T): T {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const value = (body as { value?: unknown }).value;
  return typeof value === 'number' ? { ...body, value: String(value) } : body;
}

/**
 * Dictionary-backed options (`GET /api/dictDetail?dictName=…&page=0&size=9999`) are read once per
 * session; writing a dictionary entry forgets them so an edit shows on the next open. The app uses
 * the cache below (cachedDict, forgetDicts); a test builds its own.
 */
export function createDictCache() {
  const cache = new Map<string, Promise<AmisPayload>>();
  return {
    cachedDict(url: string, load: () => Promise<AmisPayload>): Promise<AmisPayload> {
      const hit = cache.get(url);
      if (hit) return hit;
      const pending = load().then(withNumericValues);
      cache.set(url, pending);
      // a failed read is not remembered
      pending.then((p) => p.status !== 0 && cache.delete(url)).catch(() => cache.delete(url));
      return pending;
    },
    forgetDicts() {
      cache.clear();
    },
  };
}

export const { cachedDict, forgetDicts } = createDictCache();
