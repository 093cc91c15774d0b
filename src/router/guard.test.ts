import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardInput } from './guard';

const known = new Set(['/dashboard', '/parking/parkingAdmin']);
const base: GuardInput = {
  path: '/dashboard',
  search: '',
  hasToken: true,
  hasRoles: true,
  isKnownRoute: (p) => known.has(p),
};

describe('navigation guard', () => {
  it('sends a visitor without a token to /login with the original path as redirect', () => {
    expect(decideNavigation({ ...base, hasToken: false, hasRoles: false, path: '/parking/parkingAdmin', search: '?a=1' })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fparking%2FparkingAdmin%3Fa%3D1',
    });
  });

  it('lets a visitor without a token open /login and every public page', () => {
    for (const path of ['/login', '/scanQRcode', '/orderInfoByQRcode', '/activity', '/pdaScanQrcode', '/scanGroupCardQrcode', '/groupCardInfo']) {
      expect(decideNavigation({ ...base, path, hasToken: false, hasRoles: false })).toEqual({ type: 'allow' });
    }
  });

  it('sends a signed-in user who opens /login to /', () => {
    expect(decideNavigation({ ...base, path: '/login' })).toEqual({ type: 'redirect', to: '/' });
  });

  it('loads the user first when there is a token but no roles, even for an unknown path', () => {
    expect(decideNavigation({ ...base, hasRoles: false, path: '/no/such/page' })).toEqual({ type: 'load-user' });
  });

  it('redirects / to /dashboard', () => {
    expect(decideNavigation({ ...base, path: '/' })).toEqual({ type: 'redirect', to: '/dashboard' });
  });

  it('sends an unknown path to /404 once the menu is loaded', () => {
    expect(decideNavigation({ ...base, path: '/no/such/page' })).toEqual({ type: 'redirect', to: '/404' });
  });

  it('allows a route built from the menu', () => {
    expect(decideNavigation({ ...base, path: '/parking/parkingAdmin' })).toEqual({ type: 'allow' });
  });

  it('keeps the error pages reachable without a token', () => {
    expect(decideNavigation({ ...base, path: '/401', hasToken: false, hasRoles: false })).toEqual({ type: 'allow' });
  });
});
