import type { CookieJar } from '../stores/app-store';
import type { KeyValueStorage } from '../utils/local-store';

/** A localStorage of the test's own; `items` shows what was written. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

/** Cookies of the test's own, instead of document.cookie; `values` shows what was set. */
export function memoryCookies(initial: Record<string, string> = {}): CookieJar & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: (name) => values.get(name),
    set: (name, value) => void values.set(name, value),
  };
}
