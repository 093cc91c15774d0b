// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { hasName, nameControls } from './control-names';

const NAMES = { pageJump: '跳转到页码', perPage: '每页条数' };

function render(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.replaceChildren(root);
  return root;
}

describe('accessible names of amis controls', () => {
  it("ties a select whose aria-labelledby points nowhere (downshift's) to its field's label", () => {
    const root = render(`
      <div class="cxd-Form-item"><label class="cxd-Form-label"><span>所属停车场</span><span class="cxd-Form-star">*</span></label>
        <div class="cxd-Form-value"><div role="combobox" aria-labelledby="downshift-0-label" tabindex="0"></div></div></div>`);
    const select = root.querySelector('[role="combobox"]')!;
    expect(hasName(select)).toBe(false);
    expect(nameControls(root, NAMES)).toBe(1);
    expect(document.getElementById(select.getAttribute('aria-labelledby')!)?.textContent).toContain('所属停车场');
    expect(hasName(select)).toBe(true);
  });

  it('names a filter select without a label by its placeholder, and keeps the name once a value is chosen', () => {
    const root = render(
      `<div class="cxd-Form-item"><div role="combobox" aria-labelledby="downshift-1-label"><div class="cxd-Select-placeholder">车牌颜色</div></div></div>`,
    );
    nameControls(root, NAMES);
    const select = root.querySelector('[role="combobox"]')!;
    expect(select.getAttribute('aria-label')).toBe('车牌颜色');
    select.innerHTML = '<div class="cxd-Select-value">蓝色</div>';
    nameControls(root, NAMES);
    expect(select.getAttribute('aria-label')).toBe('车牌颜色');
  });

  it("names the pager's jump box and page-size select, and leaves named controls alone", () => {
    const root = render(`
      <div class="cxd-Pagination-inputGroup"><input type="text" class="cxd-Pagination-inputGroup-input"></div>
      <div class="cxd-Crud-pageSwitch"><span>每页显示</span><div role="combobox" aria-labelledby="downshift-3-label"></div></div>
      <input type="text" placeholder="车牌号" id="plate">`);
    expect(nameControls(root, NAMES)).toBe(2);
    expect(root.querySelector('.cxd-Pagination-inputGroup-input')!.getAttribute('aria-label')).toBe('跳转到页码');
    expect(root.querySelector('.cxd-Crud-pageSwitch [role="combobox"]')!.getAttribute('aria-label')).toBe('每页条数');
    expect(root.querySelector('#plate')!.hasAttribute('aria-label')).toBe(false);
  });

  it('ties a switch to its label', () => {
    const root = render(
      `<div class="cxd-Form-item"><label class="cxd-Form-label">按当前时间出场</label><div><label class="cxd-Switch"><input type="checkbox"></label></div></div>`,
    );
    nameControls(root, NAMES);
    expect(root.querySelector('input')!.getAttribute('aria-labelledby')).toBeTruthy();
  });
});
