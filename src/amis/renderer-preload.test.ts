import { describe, expect, it } from 'vitest';
import { rendererTypes } from './renderer-preload';

describe('the renderer types a screen shows first', () => {
  it('collects nested types, lower-case, with the parts a list draws itself', () => {
    const types = rendererTypes({
      type: 'page',
      body: { type: 'crud', filter: { body: [{ type: 'input-text' }, { type: 'Select' }] }, columns: [{ type: 'status' }] },
    });
    expect(types).toEqual(expect.arrayContaining(['page', 'crud', 'table', 'pagination', 'input-text', 'select', 'status']));
  });

  it('leaves out dialogs and drawers, which open later', () => {
    const types = rendererTypes({
      type: 'page',
      body: [{ type: 'button', actionType: 'dialog', dialog: { body: { type: 'input-rich-text' } } }],
      definitions: { form: { type: 'input-date' } },
    });
    expect(types).not.toContain('input-rich-text');
    expect(types).not.toContain('input-date');
    expect(types).toContain('button');
  });
});
