/**
 * JSON in localStorage that never throws: private mode, a full quota or a
 * hand-edited value must not stop the console from starting.
 */
export function readJson<T>(key: string): T | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // persistence is a convenience; the session keeps working without it
  }
}
