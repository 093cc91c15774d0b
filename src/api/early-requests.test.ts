import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubHttpClient } from '../test-support/stub-http';
import { fetchCurrentUser } from './auth';
import { fetchTakingEarly, requestEarly } from './early-requests';
import { CURRENT_USER_URL } from './session-paths';

const user = { code: 200, msg: '', data: { userId: 'u1', realName: '管理员', menuList: [], buttonList: [] } };

/** A network that answers each address with `answers[url]` (a status and a body), and counts what it was asked. */
function network(answers: Record<string, [number, unknown] | Error>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const answer = answers[url];
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer[1]), { status: answer[0] });
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('a signed-in start asks for the session early', () => {
  it('takes the early answer for CurrentUser instead of asking again', async () => {
    const asked = network({ [CURRENT_USER_URL]: [200, user] });
    const stub = stubHttpClient({});
    requestEarly(CURRENT_USER_URL);
    expect(await fetchCurrentUser(stub.http)).toEqual(user);
    expect(asked).toEqual([CURRENT_USER_URL]);
    expect(stub.calls).toEqual([]);
  });

  it('asks again through the error catalogue when the early answer is not a good one (an expired session)', async () => {
    network({ [CURRENT_USER_URL]: [200, { code: 600, msg: '登录过期,请重新登录', data: null }] });
    const stub = stubHttpClient({ [`GET ${CURRENT_USER_URL}`]: { code: 600, msg: '登录过期,请重新登录', data: null } });
    requestEarly(CURRENT_USER_URL);
    expect((await fetchCurrentUser(stub.http)).code).toBe(600);
    expect(stub.calls.map((c) => c.key)).toEqual([`GET ${CURRENT_USER_URL}`]);
    expect(stub.failures.length).toBeGreaterThan(0);
  });

  it('takes an early answer once: a later load asks the server', async () => {
    network({ [CURRENT_USER_URL]: [200, user] });
    const stub = stubHttpClient({ [`GET ${CURRENT_USER_URL}`]: user });
    requestEarly(CURRENT_USER_URL);
    await fetchCurrentUser(stub.http);
    await fetchCurrentUser(stub.http);
    expect(stub.calls).toHaveLength(1);
  });

  it('a route file asked for early is read from that answer, and asked again when the early request failed', async () => {
    const asked = network({ '/pages-json/_routes.json': [200, { routes: [] }], '/site/_routes.json': new Error('offline') });
    requestEarly('/pages-json/_routes.json');
    await expect((await fetchTakingEarly('/pages-json/_routes.json')).json()).resolves.toEqual({ routes: [] });
    expect(asked).toEqual(['/pages-json/_routes.json']);
    requestEarly('/site/_routes.json');
    await expect(fetchTakingEarly('/site/_routes.json')).rejects.toThrow('offline');
    expect(asked).toEqual(['/pages-json/_routes.json', '/site/_routes.json', '/site/_routes.json']);
  });
});
