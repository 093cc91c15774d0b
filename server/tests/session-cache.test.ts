import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SessionCache } from '../lib/session-cache.ts';
import { call, login, withTestServer, withTwoInstances, type TestServer } from './helpers.ts';
import { onPostgres } from './test-database.ts';

// Sessions and access are remembered for a moment (lib/session-cache.ts); these are the ways a
// session ends or changes, which must take effect for the next request all the same.

describe('the session memory', () => {
  const lookup =
    (value: string, expiresAt = Infinity) =>
    async () => ({ value, expiresAt });

  it('answers a remembered session without asking again until it is cleared', async () => {
    const cache = new SessionCache<string, string>(2000, true);
    let asked = 0;
    const load = async () => ({ value: `v${++asked}`, expiresAt: Infinity });
    expect(await cache.session('t', load)).toBe('v1');
    expect(await cache.session('t', load)).toBe('v1');
    cache.clear();
    expect(await cache.session('t', load)).toBe('v2');
  });

  it('forgets a session when its time or its token runs out', async () => {
    let now = 0;
    const cache = new SessionCache<string, string>(2000, true, () => now);
    await cache.session('a', lookup('a1'));
    await cache.session('b', lookup('b1', 500));
    now = 600;
    expect(await cache.session('a', lookup('a2'))).toBe('a1');
    expect(await cache.session('b', lookup('b2'))).toBe('b2');
    now = 2700;
    expect(await cache.session('a', lookup('a3'))).toBe('a3');
  });

  it('does not remember a lookup that was under way when it was cleared', async () => {
    const cache = new SessionCache<string, string>(2000, true);
    let release!: () => void;
    const slow = cache.session('t', () => new Promise((resolve) => (release = () => resolve({ value: 'old', expiresAt: Infinity }))));
    cache.clear();
    release();
    expect(await slow).toBe('old');
    expect(await cache.session('t', lookup('new'))).toBe('new');
  });

  it('remembers nothing while disabled', async () => {
    const cache = new SessionCache<string, string>(2000, false);
    await cache.session('t', lookup('one'));
    expect(await cache.session('t', lookup('two'))).toBe('two');
  });
});

describe('sessions end at once on one instance, though remembered', () => {
  let s: TestServer;
  withTestServer((server) => (s = server));

  it('sign-out refuses the token on the next request', async () => {
    const token = await login(s.app, 'operator', 'operator123');
    expect((await call(s.app, 'GET', '/api/system/Parking', { token })).body.code).toBe(200);
    await call(s.app, 'GET', '/api/oauth/Logout', { token });
    expect((await call(s.app, 'GET', '/api/system/Parking', { token })).body.code).toBe(600);
  });

  it('disabling a user refuses their token on the next request', async () => {
    const token = await login(s.app, 'operator', 'operator123');
    expect((await call(s.app, 'GET', '/api/system/Parking', { token })).body.code).toBe(200);
    const me = { id: (await call(s.app, 'GET', '/api/oauth/CurrentUser', { token })).body.data.userId as string };
    await call(s.app, 'POST', `/api/system/Permission/Users/updateStatus/${me.id}/0`, { token: s.admin, json: {} });
    expect((await call(s.app, 'GET', '/api/system/Parking', { token })).body.code).toBe(600);
    await call(s.app, 'POST', `/api/system/Permission/Users/updateStatus/${me.id}/1`, { token: s.admin, json: {} });
  });

  it('a password reset by an administrator refuses the old token on the next request', async () => {
    const token = await login(s.app, 'operator', 'operator123');
    expect((await call(s.app, 'GET', '/api/system/Parking', { token })).body.code).toBe(200);
    const me = { id: (await call(s.app, 'GET', '/api/oauth/CurrentUser', { token })).body.data.userId as string };
    const pair = { userPassword: 'e10adc3949ba59abbe56e057f20f883e', validatePassword: 'e10adc3949ba59abbe56e057f20f883e' };
    const reset = await call(s.app, 'POST', `/api/system/Permission/Users/${me.id}/Actions/ResetPassword`, { token: s.admin, json: pair });
    expect(reset.body.code).toBe(200);
    expect((await call(s.app, 'GET', '/api/system/Parking', { token })).body.code).toBe(600);
  });
});

// Two instances on one PostgreSQL: the other instance hears the change (LISTEN/NOTIFY) and forgets;
// at the latest its memory runs out after SESSION_CACHE_MS.
describe.skipIf(!onPostgres())('sessions end on the other instance too', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  withTwoInstances((pair) => ({ a, b } = pair));

  const codeOn = async (app: FastifyInstance, token: string) => (await call(app, 'GET', '/api/system/Parking', { token })).body.code;

  it('a sign-out on one instance ends the session remembered by the other', async () => {
    const token = await login(a, 'operator', 'operator123');
    expect(await codeOn(a, token)).toBe(200);
    await call(b, 'GET', '/api/oauth/Logout', { token });
    await expect.poll(() => codeOn(a, token)).toBe(600);
  });

  it('disabling a user on one instance ends their session remembered by the other', async () => {
    const admin = await login(b, 'admin', 'admin123');
    const token = await login(a, 'operator', 'operator123');
    expect(await codeOn(a, token)).toBe(200);
    const me = { id: (await call(a, 'GET', '/api/oauth/CurrentUser', { token })).body.data.userId as string };
    await call(b, 'POST', `/api/system/Permission/Users/updateStatus/${me.id}/0`, { token: admin, json: {} });
    await expect.poll(() => codeOn(a, token)).toBe(600);
    await call(b, 'POST', `/api/system/Permission/Users/updateStatus/${me.id}/1`, { token: admin, json: {} });
  });
});
