// @vitest-environment jsdom
import { expect, it, vi } from 'vitest';
import { startAccessibility } from './index';
import { hasName } from './control-names';

it('names a select again when a redraw writes its dangling aria-labelledby back', async () => {
  startAccessibility(document);
  const item = document.createElement('div');
  item.className = 'cxd-Form-item';
  item.innerHTML = `<label class="cxd-Form-label">角色</label><div role="combobox" aria-labelledby="downshift-7-label"></div>`;
  document.body.appendChild(item);
  const select = item.querySelector('[role="combobox"]')!;
  await vi.waitFor(() => expect(hasName(select)).toBe(true));
  // what downshift's select does when React draws it again with its own id
  select.setAttribute('aria-labelledby', 'downshift-7-label');
  expect(hasName(select)).toBe(false);
  await vi.waitFor(() => expect(hasName(select)).toBe(true));
});
