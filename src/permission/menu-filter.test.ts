import { describe, expect, it } from 'vitest';
import { visibleMenus } from './menu-filter';
import type { MenuItem } from '../api/types';

const item = (enCode: string, over: Partial<MenuItem> = {}): MenuItem => ({
  id: enCode,
  parentId: '-1',
  fullName: enCode,
  enCode,
  icon: '',
  type: 2,
  urlAddress: enCode,
  hasChildren: false,
  ...over,
});

const tree = [
  item('finance', {
    type: 1,
    children: [
      item('daily', { propertyJson: '{"permission":"finance:view"}' }),
      item('channel', { propertyJson: '{"permission":["finance:view","finance:export"]}' }),
    ],
  }),
  item('open'),
];

describe('menu entries hidden by permission', () => {
  it('keeps entries the user may see', () => {
    const can = (codes: string[]) => codes.includes('finance:view');
    expect(visibleMenus(tree, can)[0].children!.map((m) => m.enCode)).toEqual(['daily', 'channel']);
  });

  it('drops entries without the permission, and directories left empty', () => {
    expect(visibleMenus(tree, () => false).map((m) => m.enCode)).toEqual(['open']);
  });

  it('any one of several codes is enough', () => {
    const can = (codes: string[]) => codes.includes('finance:export');
    expect(visibleMenus(tree, can)[0].children!.map((m) => m.enCode)).toEqual(['channel']);
  });
});
