import { brandPalette } from './color-mix';

/**
 * Recolours the shell and every amis component at once through CSS variables on
 * the root element (portals such as dialogs and toasts live under it too).
 * Nothing is fetched: amis 6 reads its primary colour from these variables.
 */
export function applyTheme(color: string, root: HTMLElement = document.documentElement): void {
  const palette = brandPalette(color);
  palette.forEach((shade, i) => {
    root.style.setProperty(`--colors-brand-${i + 1}`, shade);
    root.style.setProperty(`--colors-link-${i + 1}`, shade);
  });
  root.style.setProperty('--primary', palette[4]);
  root.style.setProperty('--primary-onHover', palette[5]);
  root.style.setProperty('--primary-onActive', palette[3]);
  root.style.setProperty('--pc-primary', palette[4]);
  root.style.setProperty('--pc-primary-light', palette[8]);
}
