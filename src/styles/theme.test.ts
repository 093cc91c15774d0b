// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { contrast } from './color-mix';
import { applyTheme, PANEL_COLORS } from './theme';

describe('theme colours', () => {
  it.each(PANEL_COLORS)(
    '%s: text on white and on a hovered row, white on the buttons and the active menu entry all read at 4.5:1',
    (color) => {
      const root = document.createElement('div');
      applyTheme(color, root);
      const value = (name: string) => root.style.getPropertyValue(name);
      expect(contrast(value('--primary'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(value('--primary-onHover'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(value('--pc-primary'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
      // a link in a list row under the pointer (amis's hover background is brand-10)
      expect(contrast(value('--colors-link-5'), value('--colors-brand-10'))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(value('--pc-sidebar-active'), '#304156')).toBeGreaterThanOrEqual(4.5);
      // the sidebar's focus ring (layout.css) on each of its greys: brand strip, entry, sub-entry, hovered
      for (const grey of ['#2b2f3a', '#304156', '#1f2d3d', '#263445'])
        expect(contrast(value('--pc-sidebar-active'), grey)).toBeGreaterThanOrEqual(3);
      expect(value('--pc-brand')).toBe(color.toLowerCase());
    },
  );
});
