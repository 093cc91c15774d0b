import { describe, expect, it } from 'vitest';
import { listAnswered } from './list-answered';

describe('a list placeholder', () => {
  const crud = (store: { updatedAt?: number; error?: boolean }, props: Record<string, unknown> = {}) => ({
    props: { api: 'get:/api/x', store, ...props },
  });

  it('waits for the first answer of a crud that fetches', () => {
    expect(listAnswered(crud({ updatedAt: 0, error: false }))).toBe(false);
  });

  it('is answered by rows, by none, or by a failure', () => {
    expect(listAnswered(crud({ updatedAt: Date.now() }))).toBe(true);
    expect(listAnswered(crud({ updatedAt: 0, error: true }))).toBe(true);
  });

  it('has nothing to wait for outside a crud, without an api, or before a first search', () => {
    expect(listAnswered(undefined)).toBe(true);
    expect(listAnswered({ props: { store: { updatedAt: 0 } } })).toBe(true);
    expect(listAnswered(crud({ updatedAt: 0 }, { initFetch: false }))).toBe(true);
  });
});
