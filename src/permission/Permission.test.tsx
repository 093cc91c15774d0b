// @vitest-environment jsdom
import { describe, expect, it, afterEach } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { Permission, Role } from './Permission';
import { userStore, DEFAULT_ROLE } from '../stores/user-store';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function mount(node: React.ReactNode) {
  const el = document.createElement('div');
  const root = createRoot(el);
  act(() => root.render(node));
  return { el, root };
}

afterEach(() => {
  userStore.buttonList = [];
  userStore.roles = [];
});

describe('<Permission>', () => {
  it('shows its children only to a holder of one of the codes, and follows a change of user', () => {
    userStore.buttonList = ['parking:edit'];
    const { el } = mount(
      <Permission codes={['parking:add', 'parking:delete']} fallback={<i>no</i>}>
        <b>add</b>
      </Permission>,
    );
    expect(el.textContent).toBe('no');
    act(() => {
      userStore.buttonList = ['parking:add'];
    });
    expect(el.textContent).toBe('add');
  });
});

describe('<Role>', () => {
  it('checks roles the same way', () => {
    userStore.roles = [DEFAULT_ROLE];
    const { el } = mount(<Role roles={DEFAULT_ROLE}>yes</Role>);
    expect(el.textContent).toBe('yes');
  });
});
