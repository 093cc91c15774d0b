import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../../domain/pages/check/a11y-rules.ts';

describe('check:pages accessibility rules', () => {
  it('flags a button with only an icon and no name', () => {
    const page = { type: 'page', body: [{ type: 'button', icon: 'fa fa-trash', actionType: 'ajax' }] };
    expect(checkAccessibility(page)).toEqual([{ path: '/body/0', message: expect.stringMatching(/only an icon needs a name/) }]);
  });

  it("takes a tooltip or a label as an icon button's name", () => {
    const page = {
      type: 'page',
      body: [
        { type: 'button', icon: 'fa fa-trash', tooltip: '删除' },
        { type: 'button', icon: 'fa fa-trash', tooltip: { content: '删除' } },
        { type: 'button', icon: 'fa fa-plus', label: '新增' },
      ],
    };
    expect(checkAccessibility(page)).toEqual([]);
  });

  it('flags a form field with neither label nor placeholder', () => {
    const page = {
      type: 'form',
      body: [
        { type: 'input-text', name: 'plateNo' },
        { type: 'select', name: 'lot', label: false },
      ],
    };
    expect(checkAccessibility(page).map((p) => p.path)).toEqual(['/body/0', '/body/1']);
  });

  it("takes a label, a filter placeholder or a range placeholder as a field's name; groups and definitions need none", () => {
    const page = {
      type: 'page',
      definitions: { plate: { type: 'input-text', name: 'plateNo' } },
      body: [
        { type: 'input-text', name: 'a', label: '车牌' },
        { type: 'select', name: 'b', placeholder: '停车场' },
        { type: 'input-datetime-range', name: 'c', startPlaceholder: '入场时间起' },
        { type: 'combo', name: 'd', items: [{ type: 'input-text', name: 'e', placeholder: '名称' }] },
        { type: 'input-text', $ref: 'plate', label: '车牌' },
      ],
    };
    expect(checkAccessibility(page)).toEqual([]);
  });
});
