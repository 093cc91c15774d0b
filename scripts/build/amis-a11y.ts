import type { RsbuildPlugin } from '@rsbuild/core';

/**
 * Where amis's markup is wrong for assistive technology and no schema option mends it, the build
 * mends amis's own files: each patch names the file, the exact text it replaces and why. A patch whose
 * text is no longer in the file (an amis upgrade) fails the build, so it is looked at again rather than
 * silently lost. The console's markup and theme are fixed in src/; these are the remaining amis parts.
 */
export interface AmisPatch {
  /** the file, as the end of its path inside node_modules (esm or lib build) */
  file: RegExp;
  find: string;
  replace: string;
  /** how many times `find` is in the file */
  count: number;
  why: string;
}

export const AMIS_A11Y_PATCHES: AmisPatch[] = [
  {
    file: /amis[\\/](esm|lib)[\\/]renderers[\\/]Page\.js$/,
    find: 'role: "page-body"',
    replace: '"data-role": "page-body"',
    count: 1,
    why: '"page-body" is no ARIA role (axe aria-roles, critical); the body is an ordinary region',
  },
  {
    file: /amis[\\/](esm|lib)[\\/]renderers[\\/](Dialog|Drawer)\.js$/,
    find: 'role: "dialog-body"',
    replace: '"data-role": "dialog-body"',
    count: -1,
    why: '"dialog-body" is no ARIA role (axe aria-roles, critical)',
  },
  {
    file: /amis[\\/](esm|lib)[\\/]renderers[\\/]Dialog\.js$/,
    find: 'createElement("a", { "data-tooltip": __(\'Dialog.close\')',
    replace: 'createElement("button", { type: "button", "aria-label": __(\'Dialog.close\'), "data-tooltip": __(\'Dialog.close\')',
    count: 3,
    why: "the dialog's × is an <a> without href: Tab never reaches it and it has no name",
  },
  {
    file: /amis-ui[\\/](esm|lib)[\\/]components[\\/]Button\.js$/,
    find: 'onClick: rest.onClick && disabled ? function () { } : rest.onClick, href: href }',
    replace:
      'onClick: rest.onClick && disabled ? function () { } : rest.onClick, href: href, "aria-label": rest["aria-label"] || (iconOnly ? tooltipText(this.props.tooltip) : undefined), role: Comp === "div" && disabled ? "button" : undefined, "aria-disabled": Comp === "div" && disabled ? true : undefined }',
    count: 1,
    why: "an icon-only button (the list's refresh, a page's icon action) shows its name only as a hover tooltip: it becomes the accessible name; a disabled button is drawn as a <div> that no reader (nor axe, which then judges its grey text as live) knows is a disabled button",
  },
  {
    file: /amis[\\/](esm|lib)[\\/]renderers[\\/]Table[\\/]ColumnToggler\.js$/,
    find: 'React.createElement("button", { onClick: this.toggle, disabled: disabled || btnDisabled,',
    replace:
      'React.createElement("button", { type: "button", "aria-label": label ? undefined : typeof tooltip === "string" ? tooltip : tooltip && tooltip.content, "aria-haspopup": true, "aria-expanded": !!this.state.isOpened, onClick: this.toggle, disabled: disabled || btnDisabled,',
    count: 1,
    why: 'the column toggler is an icon with its name in a hover tooltip only',
  },
  {
    file: /amis-ui[\\/](esm|lib)[\\/]components[\\/]Tabs\.js$/,
    find: 'React__default.createElement("li", __assign({ className: cx(\'Tabs-link\',',
    replace:
      'React__default.createElement("li", __assign({ role: "tab", "aria-selected": activeKey === eventKey, "aria-disabled": disabled || undefined, tabIndex: disabled ? -1 : 0, onKeyDown: function (e) { if (!disabled && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); _this.handleSelect(eventKey); } }, className: cx(\'Tabs-link\',',
    count: 1,
    why: 'a tab is an <li> in a role="tablist" with no role of its own and a click handler only: it is no tab to a screen reader and the keyboard never reaches it',
  },
];

/** The helper the Button patch calls, appended to that file once. */
const TOOLTIP_TEXT =
  '\nfunction tooltipText(tooltip) { return typeof tooltip === "string" ? tooltip : tooltip && typeof tooltip.content === "string" ? tooltip.content : tooltip && tooltip.title; }\n';

/** Applies every patch for `path` to `code`; throws when a patch no longer finds its text. */
export function patchAmisSource(path: string, code: string, patches: AmisPatch[] = AMIS_A11Y_PATCHES): string {
  let out = code;
  for (const patch of patches) {
    if (!patch.file.test(path)) continue;
    const found = out.split(patch.find).length - 1;
    if (found === 0 || (patch.count > 0 && found !== patch.count)) {
      throw new Error(
        `amis-a11y: expected ${patch.count > 0 ? patch.count : 'some'} of ${JSON.stringify(patch.find)} in ${path}, found ${found} (amis changed: look at the patch again)`,
      );
    }
    out = out.split(patch.find).join(patch.replace);
    if (patch.replace.includes('tooltipText(')) out += TOOLTIP_TEXT;
  }
  return out;
}

export function pluginAmisA11y(): RsbuildPlugin {
  return {
    name: 'amis-a11y',
    setup(api) {
      const test = new RegExp(AMIS_A11Y_PATCHES.map((p) => p.file.source).join('|'));
      api.transform({ test }, ({ code, resourcePath }) => patchAmisSource(resourcePath, code));
    },
  };
}
