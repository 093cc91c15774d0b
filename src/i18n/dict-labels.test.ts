import { afterEach, describe, expect, it } from 'vitest';
import { localeStore } from './index';
import { textTableStore } from './text-table';
import { localizeDict, localizeMenuOptions } from './dict-labels';

const table = { 启用: 'Enabled', 'dict:充电站': 'Charging Station', 充电站: 'Charging Stations', 新增: 'Add' };

/** The reader switched to English, with the console's text table. */
function inEnglish() {
  localeStore.setLocale('en-US');
  textTableStore.offer('en-US', table);
}

/** An amis answer carrying `data`. */
const answer = <T>(data: T) => ({ status: 0, msg: '', data });

describe('option labels in en-US', () => {
  afterEach(() => localeStore.setLocale('zh-CN'));

  it('translates dictionary labels, a dict: entry first, and keeps their values', () => {
    inEnglish();
    const dict = answer({
      items: [
        { label: '充电站', value: 4 },
        { label: '启用', value: 1 },
      ],
    });
    expect(localizeDict(dict).data).toMatchObject({
      items: [
        { label: 'Charging Station', value: 4 },
        { label: 'Enabled', value: 1 },
      ],
    });
  });

  it('translates menu and button names of the role grant tree, keeping the button code', () => {
    inEnglish();
    const tree = answer({ list: [{ label: '充电站', value: 'menu:1', children: [{ label: '新增（station:add）', value: 'button:2' }] }] });
    expect(localizeMenuOptions('/api/system/Role/GrantTree', tree).data).toEqual({
      list: [{ label: 'Charging Stations', value: 'menu:1', children: [{ label: 'Add (station:add)', value: 'button:2' }] }],
    });
  });

  it('leaves answers as sent in zh-CN', () => {
    const dict = answer({ items: [{ label: '启用', value: 1 }] });
    expect(localizeDict(dict)).toBe(dict);
  });
});
