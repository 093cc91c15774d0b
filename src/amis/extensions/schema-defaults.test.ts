import { describe, expect, it, vi } from 'vitest';

vi.mock('amis', () => ({ addSchemaFilter: vi.fn() }));
const { crudDefaults } = await import('./schema-defaults');

describe('schema defaults', () => {
  it('keeps a crud out of the URL unless the page asks', () => {
    expect(crudDefaults({ type: 'crud', api: '/x' })).toEqual({ type: 'crud', api: '/x', syncLocation: false });
    expect(crudDefaults({ type: 'crud', syncLocation: true })).toEqual({ type: 'crud', syncLocation: true });
  });

  it('leaves other renderers alone', () => {
    const form = { type: 'form', body: [] };
    expect(crudDefaults(form)).toBe(form);
  });
});
