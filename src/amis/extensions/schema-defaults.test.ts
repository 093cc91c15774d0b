import { describe, expect, it, vi } from 'vitest';

vi.mock('amis', () => ({ addSchemaFilter: vi.fn() }));
const { schemaDefaults } = await import('./schema-defaults');

describe('schema defaults', () => {
  it('gives a crud the list defaults, keeping what the page says', () => {
    const crud = schemaDefaults({ type: 'crud', api: '/x', perPage: 20, syncLocation: true });
    expect(crud).toMatchObject({ pageField: 'currentPage', perPageField: 'pageSize', perPage: 20, syncLocation: true, placeholder: '暂无数据' });
    expect(crud.perPageAvailable).toEqual([10, 15, 20, 50, 100, 200]);
  });

  it('answers the same object for the same node, and leaves other nodes alone', () => {
    const crud = { type: 'crud', api: '/x' };
    expect(schemaDefaults(crud)).toBe(schemaDefaults(crud));
    const form = { type: 'form', body: [] };
    expect(schemaDefaults(form)).toBe(form);
  });
});
