/** What the JSON is kept in: the browser's localStorage by default, or a test's (src/test-support/memory-storage.ts). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * JSON in localStorage that never throws: private mode, a full quota or a
 * hand-edited value must not stop the console from starting.
 */
export function readJson<T>(key: string, storage?: KeyValueStorage): T | undefined {
  try {
    const raw = (storage ?? globalThis.localStorage)?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown, storage?: KeyValueStorage): void {
  try {
    (storage ?? globalThis.localStorage)?.setItem(key, JSON.stringify(value));
  } catch {
    // persistence is a convenience; the session keeps working without it
  }
}
