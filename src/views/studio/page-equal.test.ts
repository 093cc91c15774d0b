import { describe, expect, it } from 'vitest';
import { samePage } from './page-equal';

describe('a page as the editor hands it back', () => {
  const page = { type: 'page', body: [{ type: 'crud', columns: [{ name: 'a', label: '联系人' }] }] };

  it('is the same page with the editor ids it adds', () => {
    const opened = {
      type: 'page',
      id: 'u:1a2b',
      body: [{ type: 'crud', id: 'u:3c4d', columns: [{ name: 'a', label: '联系人', id: 'u:5e' }] }],
    };
    expect(samePage(page, opened)).toBe(true);
  });

  it('is another page when a label changed, or an id of the page itself', () => {
    expect(samePage(page, { ...page, body: [{ type: 'crud', columns: [{ name: 'a', label: '联系人姓名' }] }] })).toBe(false);
    expect(samePage(page, { ...page, id: 'mine' })).toBe(false);
  });
});
