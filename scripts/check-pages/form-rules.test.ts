import { describe, expect, it } from 'vitest';
import { checkForms } from '../../domain/pages/check/form-rules.ts';
import type { RouteRef } from '../../domain/pages/check/page-rules.ts';

/** A create route as the server describes its body (TypeBox → JSON schema). */
const routes: RouteRef[] = [
  {
    method: 'POST',
    url: '/api/things',
    body: {
      type: 'object',
      required: ['name', 'kind'],
      properties: {
        name: { type: 'string', title: '名称', maxLength: 20 },
        kind: { anyOf: [{ const: 1 }, { const: 2 }], title: '类型' },
        note: { type: 'string', title: '备注', default: '' },
        rules: {
          type: 'array',
          title: '规则',
          items: { type: 'object', required: ['ruleId'], properties: { ruleId: { type: 'string', title: '计费规则' } } },
        },
      },
    },
  },
];

const form = (body: unknown[]) => ({ type: 'page', body: { type: 'form', api: 'post:/api/things', body } });
const name = { type: 'input-text', name: 'name', label: '名称', required: true, maxLength: 20 };
const kind = { type: 'select', name: 'kind', label: '类型', required: true };

describe('forms against the body their API takes', () => {
  it('passes a form that says what the server says', () => {
    const rules = {
      type: 'combo',
      name: 'rules',
      label: '规则',
      items: [{ type: 'select', name: 'ruleId', label: '计费规则', required: true }],
    };
    expect(checkForms(form([name, kind, { type: 'textarea', name: 'note', label: '备注（选填）' }, rules]), routes)).toEqual([]);
  });

  it('names a field the API does not take', () => {
    expect(checkForms(form([name, kind, { type: 'input-text', name: 'colour', label: '颜色' }]), routes)).toEqual([
      { path: '/body/body/2', message: 'field "colour" is not taken by POST /api/things (the server drops it)' },
    ]);
  });

  it('names required on one side only, in both directions and inside a combo', () => {
    const messages = checkForms(
      form([
        { ...name, required: false },
        kind,
        { type: 'input-text', name: 'note', label: '备注', required: true },
        { type: 'combo', name: 'rules', label: '规则', items: [{ type: 'select', name: 'ruleId', label: '计费规则' }] },
      ]),
      routes,
    ).map((p) => p.message);
    expect(messages).toEqual([
      'field "name" is optional on the page but required on POST /api/things',
      'field "note" is required on the page but optional on POST /api/things',
      'field "ruleId" is optional on the page but required on POST /api/things',
    ]);
  });

  it('names a label other than the title the server messages use, and a longer maxLength', () => {
    const messages = checkForms(
      form([
        { ...name, maxLength: 50 },
        { ...kind, label: '管理方式' },
      ]),
      routes,
    ).map((p) => p.message);
    expect(messages).toEqual([
      'field "name" allows 50 characters, POST /api/things at most 20',
      'field "kind" is labelled "管理方式" but POST /api/things calls it "类型" in its messages',
    ]);
  });

  it('leaves alone a form that maps its own request body', () => {
    const mapped = {
      type: 'form',
      api: { method: 'post', url: '/api/things', data: { name: '${x}' } },
      body: [{ type: 'input-text', name: 'x' }],
    };
    expect(checkForms(mapped, routes)).toEqual([]);
  });
});
