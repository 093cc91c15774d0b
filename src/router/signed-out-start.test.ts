import { describe, expect, it } from 'vitest';
import { hashLocation, redirectParam, signInLocation } from './signed-out-start';

describe('a start without a token', () => {
  it('reads the path and query of the hash as the router does', () => {
    expect(hashLocation('')).toEqual({ path: '/', search: '' });
    expect(hashLocation('#/login?redirect=%2Fparking%2FparkingAdmin')).toEqual({
      path: '/login',
      search: '?redirect=%2Fparking%2FparkingAdmin',
    });
    expect(hashLocation('#/system/user#top')).toEqual({ path: '/system/user', search: '' });
  });

  it('opens the sign-in page as it is, with its redirect parameter', () => {
    expect(signInLocation('/login', '?redirect=%2Fx')).toBe('/login?redirect=%2Fx');
    expect(redirectParam('?redirect=%2Fparking%2FparkingAdmin')).toBe('/parking/parkingAdmin');
  });

  it('sends a screen of the console to sign-in, remembering the screen', () => {
    expect(signInLocation('/parking/parkingAdmin', '?a=1')).toBe('/login?redirect=%2Fparking%2FparkingAdmin%3Fa%3D1');
    expect(signInLocation('/', '')).toBe('/login?redirect=%2F');
  });

  it('leaves a public page other than sign-in to the router', () => {
    expect(signInLocation('/404', '')).toBeNull();
    expect(signInLocation('/scanQRcode', '')).toBeNull();
  });
});
