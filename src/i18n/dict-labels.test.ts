import { afterEach, describe, expect, it } from 'vitest';
import { localeStore } from './index';
import { textTableStore } from './text-table';
import { localizeDict, localizeMenuOptions } from './dict-labels';

const table = { 启用: 'Enabled', 'dict:充电站': 'Charging Station', 充电站: 'Charging Stations', 新增: 'Add' };

describe('option labels in en-US', () => {
  afterEach(() => localeStore.setLocale('zh-CN'));

  it('translates dictionary labels, a dict: entry first, and keeps their values', () => {
    localeStore.setLocale('en-US');
    textTableStore.offer('en-US', table);
    const answer = {
      status: 0,
      msg: '',
      data: {
        items: [
          { label: '充电站', value: 4 },
          { label: '启用', value: 1 },
        ],
      },
    };
    expect(localizeDict(answer).data).toMatchObject({
      items: [
        { label: 'Charging Station', value: 4 },
        { label: 'Enabled', value: 1 },
      ],
    });
  });

  it('translates menu and button names of the role grant tree, keeping the button code', () => {
    localeStore.setLocale('en-US');
    textTableStore.offer('en-US', table);
    const answer = {
      status: 0,
      msg: '',
      data: { list: [{ label: '充电站', value: 'menu:1', children: [{ label: '新增（station:add）', value: 'button:2' }] }] },
    };
    expect(localizeMenuOptions('/api/system/Role/GrantTree', answer).data).toEqual({
      list: [{ label: 'Charging Stations', value: 'menu:1', children: [{ label: 'Add (station:add)', value: 'button:2' }] }],
    });
  });

  it('leaves answers as sent in zh-CN', () => {
    const answer = { status: 0, msg: '', data: { items: [{ label: '启用', value: 1 }] } };
    expect(localizeDict(answer)).toBe(answer);
  });
});
