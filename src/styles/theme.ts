import { brandPalette, contrast, mix, readableShade } from './color-mix';

/** Spec §9: the settings panel offers 8 colours, the first (#409EFF) being its default. */
export const PANEL_COLORS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

/** The sidebar's background (global.css `--pc-sidebar-bg`): the active menu entry is read on it. */
const SIDEBAR_BG = '#304156';

/**
 * The nearest shade of `color` that reads at 4.5:1 on white and on the palest tint of itself, amis's
 * background of a table row under the pointer (brand-10): a link in a list row stays readable there.
 * Each darker shade darkens its tint a little too, so this takes a step or two.
 */
export function readableText(color: string): string {
  let shade = readableShade(color, '#ffffff');
  for (let i = 0; i < 5; i++) {
    const tint = brandPalette(shade)[9];
    if (contrast(shade, tint) >= 4.5) break;
    shade = readableShade(shade, tint);
  }
  return shade;
}

/**
 * Recolours the shell and every amis component at once through CSS variables on
 * the root element (portals such as dialogs and toasts live under it too).
 * Nothing is fetched: amis 6 reads its primary colour from these variables.
 *
 * Any colour may be picked, and text stays readable (WCAG AA, 4.5:1): what carries text (links,
 * primary buttons with white text, the active tab) uses the nearest shade of the colour that reads
 * on white; the active menu entry uses the nearest shade that reads on the dark sidebar. The colour
 * itself (`--pc-brand`) stays for what carries no text: borders, the progress bar.
 */
export function applyTheme(color: string, root: HTMLElement = document.documentElement): void {
  const readable = readableText(color);
  const palette = brandPalette(readable);
  palette.forEach((shade, i) => {
    root.style.setProperty(`--colors-brand-${i + 1}`, shade);
    root.style.setProperty(`--colors-link-${i + 1}`, shade);
  });
  root.style.setProperty('--primary', readable);
  // hover and press go darker, so white text on them reads as well as at rest
  root.style.setProperty('--primary-onHover', mix(readable, '#000000', 0.12));
  root.style.setProperty('--primary-onActive', mix(readable, '#000000', 0.24));
  // amis lightens a primary button under the pointer and in focus (brand-6): white would not read on it
  root.style.setProperty('--button-primary-hover-bg-color', 'var(--primary-onHover)');
  root.style.setProperty('--pc-brand', color.toLowerCase());
  root.style.setProperty('--pc-primary', readable);
  root.style.setProperty('--pc-primary-light', brandPalette(color)[8]);
  root.style.setProperty('--pc-sidebar-active', readableShade(color, SIDEBAR_BG));
}
