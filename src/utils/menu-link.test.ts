import { describe, expect, it } from 'vitest';
import { menuLinkHref } from './menu-link';

describe('menuLinkHref', () => {
  it('keeps web addresses and paths on this server', () => {
    expect(menuLinkHref('https://example.com/docs')).toBe('https://example.com/docs');
    expect(menuLinkHref('/api/docs')).toBe('/api/docs');
  });

  it('refuses other schemes and protocol-relative addresses', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', '/\\evil.example/x', 'api/docs', ''])
      expect(menuLinkHref(bad)).toBeUndefined();
  });
});
