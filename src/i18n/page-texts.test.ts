import { describe, expect, it } from 'vitest';
import { mergeTables, parseTable, translateNodeTexts, translateSchema, untranslatedTexts } from './page-texts';

const table = { 停车场: 'Lot', 启用: 'Enabled', 'button:启用': 'Enable', '确定删除「${name}」吗？': 'Delete “${name}”?' };

describe('page texts', () => {
  it('translates labels, placeholders, options and templates, keeping what is code or data', () => {
    const page = {
      type: 'page',
      title: '停车场',
      body: [
        { type: 'select', name: '停车场', placeholder: '停车场', options: [{ label: '启用', value: '启用' }] },
        { type: 'button', label: '启用', confirmText: '确定删除「${name}」吗？', visibleOn: "${status == '启用'}" },
        { type: 'service', api: { url: '/api/x', data: { kind: '停车场' } } },
      ],
    };
    expect(translateSchema(page, table)).toEqual({
      type: 'page',
      title: 'Lot',
      body: [
        { type: 'select', name: '停车场', placeholder: 'Lot', options: [{ label: 'Enabled', value: '启用' }] },
        { type: 'button', label: 'Enable', confirmText: 'Delete “${name}”?', visibleOn: "${status == '启用'}" },
        { type: 'service', api: { url: '/api/x', data: { kind: '停车场' } } },
      ],
    });
  });

  it('leaves a text without a translation in Chinese', () => {
    expect(translateSchema({ type: 'tpl', tpl: '未翻译' }, table)).toEqual({ type: 'tpl', tpl: '未翻译' });
  });

  it('translates only the own texts of a node the vocabulary adds', () => {
    const node = { type: 'reset', label: '停车场', body: { label: '停车场' } };
    expect(translateNodeTexts(node, table)).toEqual({ type: 'reset', label: 'Lot', body: { label: '停车场' } });
    const form = { type: 'form', messages: { validateFailed: '停车场' }, body: [{ type: 'tpl', tpl: '停车场' }] };
    expect(translateNodeTexts(form, table)).toEqual({ ...form, messages: { validateFailed: 'Lot' } });
  });

  it('lists the Chinese texts a table lacks', () => {
    expect(untranslatedTexts({ title: '停车场', body: [{ label: '新页面' }], name: '字段' }, table)).toEqual(['新页面']);
  });

  it("lets a site bundle's table override the console's", () => {
    const site = parseTable({ texts: { 停车场: 'Car park', bad: 3 } });
    expect(mergeTables([site, parseTable({ texts: table })])).toMatchObject({ 停车场: 'Car park', 启用: 'Enabled' });
    expect(site).toEqual({ 停车场: 'Car park' });
  });
});
