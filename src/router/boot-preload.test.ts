import { describe, expect, it } from 'vitest';
import { bootPreloads } from './boot-preload';

describe('what a start asks for beside CurrentUser', () => {
  it('asks for nothing without a token, so the sign-in page stays small', () => {
    expect(bootPreloads('/parking/parkingAdmin', false)).toEqual({ shell: false, amis: false });
  });

  it('asks for nothing on the sign-in page itself', () => {
    expect(bootPreloads('/login', true)).toEqual({ shell: false, amis: false });
  });

  it('asks for the shell, amis and the page file a menu path names', () => {
    expect(bootPreloads('/parking/parkingAdmin', true)).toEqual({ shell: true, amis: true, page: 'parking/parkingAdmin', home: false });
  });

  it('asks for no page file on a host screen', () => {
    expect(bootPreloads('/dashboard', true)).toEqual({ shell: true, amis: true, page: undefined, home: true });
    expect(bootPreloads('/user/center', true).page).toBeUndefined();
  });

  it("names the home screen, whose chunk the shell needs instead of a menu screen's", () => {
    expect(bootPreloads('/', true).home).toBe(true);
    expect(bootPreloads('/system/user', true).home).toBe(false);
  });

  it('guesses no page file for a data route, whose file _routes.json names', () => {
    expect(bootPreloads('/parkingAdmin/add/0', true).page).toBeUndefined();
    expect(bootPreloads('/OrderManagement/parkingRecordOrderInfo/7', true).page).toBeUndefined();
  });
});
