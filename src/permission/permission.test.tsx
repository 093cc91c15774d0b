// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { runInAction } from 'mobx';
import { Permission, Role } from './permission';
import { UserStore, DEFAULT_ROLE } from '../stores/user-store';
import { render } from '../test-support/render';

/** A user store of the test's own, holding these buttons and roles. */
function userWith({ buttonList = [], roles = [] }: { buttonList?: string[]; roles?: string[] }): UserStore {
  const user = new UserStore();
  runInAction(() => Object.assign(user, { buttonList, roles }));
  return user;
}

describe('<Permission>', () => {
  it('shows its children only to a holder of one of the codes, and follows a change of user', () => {
    const user = userWith({ buttonList: ['parking:edit'] });
    const { el } = render(
      <Permission codes={['parking:add', 'parking:delete']} fallback={<i>no</i>}>
        <b>add</b>
      </Permission>,
      { stores: { user } },
    );
    expect(el.textContent).toBe('no');
    act(() => runInAction(() => (user.buttonList = ['parking:add'])));
    expect(el.textContent).toBe('add');
  });
});

describe('<Role>', () => {
  it('checks roles the same way', () => {
    const { el } = render(<Role roles={DEFAULT_ROLE}>yes</Role>, { stores: { user: userWith({ roles: [DEFAULT_ROLE] }) } });
    expect(el.textContent).toBe('yes');
  });
});
