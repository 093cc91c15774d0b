// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { focusableScrollers } from './scroll-regions';

function table(rows: string, width: number): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<div class="cxd-Table-content"><table>${rows}</table></div>`;
  const box = root.querySelector<HTMLElement>('.cxd-Table-content')!;
  Object.defineProperty(box, 'clientWidth', { configurable: true, get: () => 390 });
  Object.defineProperty(box, 'scrollWidth', { configurable: true, get: () => width });
  return root;
}

describe('tables that scroll sideways', () => {
  it('become a named region the keyboard can reach when their rows hold nothing focusable', () => {
    const root = table('<tr><td>登录成功</td></tr>', 900);
    expect(focusableScrollers(root, '表格（可横向滚动）')).toBe(1);
    const box = root.querySelector<HTMLElement>('.cxd-Table-content')!;
    expect(box.tabIndex).toBe(0);
    expect(box.getAttribute('role')).toBe('region');
    expect(box.getAttribute('aria-label')).toBe('表格（可横向滚动）');
  });

  it('stay ordinary boxes when they fit or their rows have links to Tab through', () => {
    expect(focusableScrollers(table('<tr><td>x</td></tr>', 390), 'n')).toBe(0);
    expect(focusableScrollers(table('<tr><td><a href="#/x">详情</a></td></tr>', 900), 'n')).toBe(0);
  });
});
