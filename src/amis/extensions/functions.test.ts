import { describe, expect, it } from 'vitest';
import { runInAction } from 'mobx';
import { registerFunctions } from './functions';
import { UserStore } from '../../stores/user-store';
import { centsToYuan, formatPlate } from '../../../domain/format';
import { hashPassword } from '../../utils/password-hash';

/** The formula functions as registered, called by name; HAS_PERM and HAS_ROLE read the given user. */
function formulas(user: UserStore) {
  const registered = new Map<string, (...args: unknown[]) => unknown>();
  registerFunctions({ registerFunction: (name, fn) => void registered.set(name, fn) }, user);
  return (name: string, ...args: unknown[]) => registered.get(name)!(...args);
}

describe('formula functions', () => {
  it('HAS_PERM and HAS_ROLE check the user they were given, and follow a change of user', () => {
    const user = new UserStore();
    const call = formulas(user);
    expect(call('HAS_PERM', 'parking:add')).toBe(false);
    runInAction(() => {
      user.buttonList = ['parking:add'];
      user.roles = ['ROLE_SYSTEM_DEFAULT'];
    });
    expect(call('HAS_PERM', 'parking:edit', 'parking:add')).toBe(true);
    expect(call('HAS_PERM', ['parking:delete'])).toBe(false);
    expect(call('HAS_ROLE', 'ROLE_SYSTEM_DEFAULT')).toBe(true);
  });

  it('registers the unit formulas and the password hash', () => {
    const call = formulas(new UserStore());
    expect(call('CENT', 150)).toBe(centsToYuan(150));
    expect(call('PLATE', '粤B12345')).toBe(formatPlate('粤B12345'));
    expect(call('MD5', '')).toBe('');
    expect(call('MD5', 'secret')).toBe(hashPassword('secret'));
  });
});
