import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AMIS_A11Y_PATCHES, patchAmisSource } from './amis-a11y';

const require = createRequire(import.meta.url);
/** a file of an installed package (amis's `exports` hide its inner files from require.resolve) */
const installed = (file: string) => {
  const [pkg, ...rest] = file.split('/');
  return join(dirname(dirname(require.resolve(pkg))), ...rest);
};

describe('amis accessibility patches', () => {
  it.each([
    ['amis/esm/renderers/Page.js', 'role: "page-body"'],
    ['amis/esm/renderers/Dialog.js', 'role: "dialog-body"'],
    ['amis/esm/renderers/Drawer.js', 'role: "dialog-body"'],
    ['amis/esm/renderers/Dialog.js', 'createElement("a", { "data-tooltip": __(\'Dialog.close\')'],
  ])('%s no longer writes %s', (file, wrong) => {
    const path = installed(file);
    const code = readFileSync(path, 'utf8');
    expect(code).toContain(wrong);
    expect(patchAmisSource(path, code)).not.toContain(wrong);
  });

  it('names an icon-only button and the column toggler from their tooltip', () => {
    const button = installed('amis-ui/esm/components/Button.js');
    const patched = patchAmisSource(button, readFileSync(button, 'utf8'));
    expect(patched).toContain('"aria-label": rest["aria-label"] || (iconOnly ? tooltipText(this.props.tooltip) : undefined)');
    const tooltipText = new Function(`${patched.slice(patched.lastIndexOf('function tooltipText'))}; return tooltipText;`)();
    expect(tooltipText('刷新')).toBe('刷新');
    expect(tooltipText({ content: '显示列' })).toBe('显示列');
    expect(tooltipText(undefined)).toBeUndefined();
    const toggler = installed('amis/esm/renderers/Table/ColumnToggler.js');
    expect(patchAmisSource(toggler, readFileSync(toggler, 'utf8'))).toContain('"aria-label": label ? undefined');
  });

  it('every patch finds its text in the installed amis (esm build)', () => {
    const files = [
      'amis/esm/renderers/Page.js',
      'amis/esm/renderers/Dialog.js',
      'amis/esm/renderers/Drawer.js',
      'amis-ui/esm/components/Button.js',
      'amis/esm/renderers/Table/ColumnToggler.js',
      'amis-ui/esm/components/Tabs.js',
    ].map(installed);
    for (const patch of AMIS_A11Y_PATCHES) {
      const targets = files.filter((f) => patch.file.test(f));
      expect(targets.length, patch.why).toBeGreaterThan(0);
      for (const file of targets) expect(() => patchAmisSource(file, readFileSync(file, 'utf8'))).not.toThrow();
    }
    const tabs = installed('amis-ui/esm/components/Tabs.js');
    expect(patchAmisSource(tabs, readFileSync(tabs, 'utf8'))).toContain('role: "tab", "aria-selected": activeKey === eventKey');
  });

  it('fails the build when amis no longer has the text a patch replaces', () => {
    const page = installed('amis/esm/renderers/Page.js');
    expect(() => patchAmisSource(page, 'export default 1;')).toThrow(/amis changed/);
  });

  it('says why for every patch', () => {
    for (const patch of AMIS_A11Y_PATCHES) expect(patch.why.length).toBeGreaterThan(20);
  });
});
