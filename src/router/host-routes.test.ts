import { describe, expect, it } from 'vitest';
import { HOST_ROUTES } from '../../domain/pages/host-routes';
import { messages } from '../i18n/messages';

describe('the host route table (domain/pages/host-routes.ts)', () => {
  it('titles each route by a message key every language has', () => {
    for (const locale of Object.keys(messages) as (keyof typeof messages)[]) {
      for (const route of HOST_ROUTES) {
        const title = (route.meta as { title?: string }).title;
        if (title) expect([route.name, Object.keys(messages[locale]).includes(title)]).toEqual([route.name, true]);
      }
    }
  });
});
