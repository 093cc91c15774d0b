import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchTakingEarly, takeEarly } from '../api/early-requests';
import { CURRENT_USER_URL } from '../api/session-paths';
import { loadPage } from '../amis/page-loader';
import { requestSessionEarly } from './session-early';

afterEach(() => vi.unstubAllGlobals());

describe('a signed-in start', () => {
  it('asks for the user, the route file and the page file the path names before the console is loaded, and the page loader takes that answer', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      const body = url === 'app-config.json' ? {} : url.endsWith('parkingAdmin.json') ? { type: 'page', title: '停车场管理' } : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await requestSessionEarly('token-1', 'parking/parkingAdmin');
    expect(asked).toEqual([CURRENT_USER_URL, 'app-config.json', '/pages-json/_routes.json', '/pages-json/parking/parkingAdmin.json']);

    const page = await loadPage('parking/parkingAdmin', ['/pages-json/'], fetchTakingEarly);
    expect(page).toMatchObject({ kind: 'ok', schema: { title: '停车场管理' } });
    // the page file was not asked for a second time
    expect(asked.filter((u) => u.endsWith('parkingAdmin.json'))).toHaveLength(1);
    takeEarly(CURRENT_USER_URL);
  });
});

describe('a signed-in start with the bundles’ files listed by the server', () => {
  /** The start's requests, with a runtime configuration that lists each bundle's files (server/lib/bundle-files.ts). */
  async function startAsking(page: string): Promise<string[]> {
    vi.resetModules();
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      const config = {
        pageBundles: ['/site-pages/', '/pages-json/'],
        // the site bundle has no _routes.json; the console's bundle has both
        bundleFiles: { '/site-pages/': ['site/visitors'], '/pages-json/': ['_routes', 'parking/parkingAdmin'] },
      };
      return new Response(JSON.stringify(url === 'app-config.json' ? config : {}), { status: 200 });
    });
    const { requestSessionEarly: request } = await import('./session-early');
    await request('token-1', page);
    return asked;
  }

  it('asks for no route file a bundle does not have, and for the page file where it is', async () => {
    expect(await startAsking('parking/parkingAdmin')).toEqual([
      CURRENT_USER_URL,
      'app-config.json',
      '/pages-json/_routes.json',
      '/pages-json/parking/parkingAdmin.json',
    ]);
  });

  it('asks for no page file when the path names none (the menu’s urlAddress differs from its path)', async () => {
    expect(await startAsking('parking/lotsRenamed')).toEqual([CURRENT_USER_URL, 'app-config.json', '/pages-json/_routes.json']);
  });
});
