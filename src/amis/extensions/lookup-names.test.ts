import { describe, expect, it, vi } from 'vitest';
import { LOOKUP_KEY, lookupFailure, lookupName, lookupNames, lookupOf, registerLookupWording, withoutApiAddress } from './lookup-names';

describe('lookups say what failed', () => {
  it('a select’s api (string or object) carries the field’s name: its label, else its placeholder', () => {
    expect(lookupNames({ type: 'select', label: '停车场', source: 'get:/api/system/Parking?pageSize=1000&enabledmark=1' }).source).toEqual({
      method: 'get',
      url: '/api/system/Parking?pageSize=1000&enabledmark=1',
      [LOOKUP_KEY]: '停车场',
    });
    expect(
      lookupNames({
        type: 'select',
        placeholder: '道闸控制器',
        source: { url: '/api/system/Device?parkingId=${parkingId}', sendOn: '${parkingId}' },
      }).source,
    ).toEqual({ url: '/api/system/Device?parkingId=${parkingId}', sendOn: '${parkingId}', [LOOKUP_KEY]: '道闸控制器' });
    expect(lookupNames({ type: 'tree-select', label: '上级菜单：', source: '/api/system/Menu' }).source).toEqual({
      url: '/api/system/Menu',
      [LOOKUP_KEY]: '上级菜单',
    });
    expect(lookupNames({ type: 'input-text', label: '车牌', autoComplete: '/api/plates?q=${term}' }).autoComplete).toEqual({
      url: '/api/plates?q=${term}',
      [LOOKUP_KEY]: '车牌',
    });
  });

  it('leaves page data, other renderers and named lookups as they are', () => {
    for (const node of [
      { type: 'select', source: '${options}' },
      { type: 'crud', source: '${items}' },
      { type: 'select', options: [{ label: 'a', value: 1 }] },
      { type: 'select', source: { url: '/x', [LOOKUP_KEY]: 'x' } },
    ])
      expect(lookupNames(node)).toBe(node);
  });

  it('a field without a plain name is a lookup of 选项', () => {
    expect(lookupName({ label: '${title}' })).toBe('');
    expect(lookupFailure('', '接口请求失败')).toBe('选项列表加载失败：接口请求失败');
    expect(lookupFailure('停车场', '服务错误：数据库忙')).toBe('停车场列表加载失败：服务错误：数据库忙');
    expect(lookupOf({ url: '/x', [LOOKUP_KEY]: '' })).toBe('');
    expect(lookupOf({ url: '/x' })).toBeUndefined();
  });

  it('the notice leaves out the address amis puts first, keeping messages that have none', () => {
    expect(withoutApiAddress('/api/system/Parking?pageSize=1000&enabledmark=1: 停车场列表加载失败：接口请求失败')).toBe(
      '停车场列表加载失败：接口请求失败',
    );
    expect(withoutApiAddress('http://127.0.0.1:3000/api/x: 选项列表加载失败：服务错误')).toBe('选项列表加载失败：服务错误');
    expect(withoutApiAddress('服务错误：数据库暂不可用')).toBe('服务错误：数据库暂不可用');
  });

  it('amis’s “failed to load options because” says the reason alone', () => {
    const extendLocale = vi.fn();
    registerLookupWording(extendLocale);
    expect(extendLocale).toHaveBeenCalledWith('zh-CN', { 'Form.loadOptionsFailed': '{{reason}}' });
    expect(extendLocale).toHaveBeenCalledWith('en-US', { 'Form.loadOptionsFailed': '{{reason}}' });
  });
});
