import { describe, expect, it } from 'vitest';
import { rendererTypes } from './renderer-preload';

describe('the renderer types a screen loads before its first render', () => {
  it('collects nested types, lower-case, with the parts a list draws itself', () => {
    const types = rendererTypes({
      type: 'page',
      body: { type: 'crud', filter: { body: [{ type: 'input-text' }, { type: 'Select' }] }, columns: [{ type: 'status' }] },
    });
    expect(types).toEqual(expect.arrayContaining(['page', 'crud', 'table', 'pagination', 'input-text', 'select', 'status', 'panel']));
  });

  it('includes what dialogs and definitions hold, and what amis always draws: its root loads them before the page shows', () => {
    const types = rendererTypes({
      type: 'page',
      body: [{ type: 'button', actionType: 'dialog', dialog: { type: 'dialog', body: { type: 'alert' } } }],
      definitions: { form: { type: 'input-date' } },
    });
    expect(types).toEqual(expect.arrayContaining(['button', 'alert', 'input-date', 'dialog', 'drawer', 'spinner', 'group']));
  });
});
