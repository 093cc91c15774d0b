import { describe, expect, it } from 'vitest';
import { pointerRange } from './json-pointer';

const text = JSON.stringify({ type: 'page', titel: 'x', body: [{ type: 'crud', columns: [{ name: 'a', label: '联系人' }] }] }, null, 2);
const at = (pointer: string) => {
  const r = pointerRange(text, pointer);
  return r && text.slice(r.start, r.end);
};

describe('a problem pointer in the page text', () => {
  it('names the property it points at, with its name', () => {
    expect(at('/titel')).toBe('"titel": "x"');
    expect(at('/body/0/columns/0/label')).toBe('"label": "联系人"');
  });

  it('falls back to the nearest value that exists', () => {
    expect(at('/body/0/columns/0/missing')).toMatch(/^\{\s*"name": "a",\s*"label": "联系人"\s*\}$/);
    expect(at('')).toBe(text);
  });

  it('answers nothing for text that does not parse', () => {
    expect(pointerRange('', '/a')).toBeUndefined();
  });
});
