import { describe, expect, it } from 'vitest';
import { nodeAtPointer, pointerSteps, problemsByNode } from './canvas-node';

// the editor's copy of a page: every object has a $$id; the canvas draws some of them as nodes
const schema = {
  $$id: 'page',
  type: 'page',
  body: {
    $$id: 'crud',
    type: 'crud',
    filter: { $$id: 'filter-obj', body: [{ $$id: 'kw', type: 'input-text', name: 'keyword' }] },
    columns: [
      { $$id: 'c0', name: 'merchantName', label: '商户名称' },
      { $$id: 'c1', name: 'contactName', label: '联系人', 'a/b': { $$id: 'slash' } },
    ],
  },
};
const drawn = new Set(['page', 'crud', 'kw', 'c0', 'c1', 'slash']);
const isNode = (id: string) => drawn.has(id);

describe('the canvas node of a problem pointer', () => {
  it('decodes a pointer’s steps', () => {
    expect(pointerSteps('/body/columns/1/a~1b/~0x')).toEqual(['body', 'columns', '1', 'a/b', '~x']);
    expect(pointerSteps('')).toEqual([]);
  });

  it('is the node itself, or the nearest node holding the named property', () => {
    expect(nodeAtPointer(schema, '/body/columns/1', isNode)).toBe('c1');
    expect(nodeAtPointer(schema, '/body/columns/1/visibleOn', isNode)).toBe('c1');
    expect(nodeAtPointer(schema, '/body/columns/1/a~1b', isNode)).toBe('slash');
    expect(nodeAtPointer(schema, '/titel', isNode)).toBe('page');
    expect(nodeAtPointer(schema, '', isNode)).toBe('page');
  });

  it('skips objects the canvas does not draw, and places that no longer exist', () => {
    expect(nodeAtPointer(schema, '/body/filter/title', isNode)).toBe('crud');
    expect(nodeAtPointer(schema, '/body/filter/body/0/name', isNode)).toBe('kw');
    expect(nodeAtPointer(schema, '/body/columns/9/label', isNode)).toBe('crud');
    expect(nodeAtPointer({ type: 'page' }, '/body', isNode)).toBeUndefined();
  });

  it('leads through a body written as one node to the editor’s list of it, and back', () => {
    const listed = { $$id: 'page', type: 'page', body: [schema.body] };
    expect(nodeAtPointer(listed, '/body/columns/1/className', isNode)).toBe('c1');
    expect(nodeAtPointer(listed, '/body/0/columns/1/className', isNode)).toBe('c1');
    expect(nodeAtPointer(schema, '/body/0/columns/1/className', isNode)).toBe('c1');
    // a list of more than one is no single node
    expect(nodeAtPointer({ ...listed, body: [schema.body, schema.body] }, '/body/columns/1', isNode)).toBe('page');
  });

  it('groups problems by node, leaving out those of fragment files', () => {
    const marks = problemsByNode(
      schema,
      [
        { path: '/body/columns/1/visibleOn', message: 'unknown permission code "x"' },
        { path: '/body/columns/1/label', message: 'second' },
        { path: '/titel', message: 'unknown property "titel"' },
        { path: '_fragments/add-button.json#/label', message: 'in a fragment' },
      ],
      isNode,
    );
    expect([...marks]).toEqual([
      ['c1', ['/body/columns/1/visibleOn: unknown permission code "x"', '/body/columns/1/label: second']],
      ['page', ['/titel: unknown property "titel"']],
    ]);
  });
});
