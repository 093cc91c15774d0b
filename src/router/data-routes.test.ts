import { describe, expect, it } from 'vitest';
import { loadRouteFiles } from './data-routes';
import { matchPattern, patternProblem } from '../../domain/pages/path-pattern';

/** A fetch that answers from a table keyed by URL; anything else is a 404. */
function stubFetch(files: Record<string, string | { status: number; type?: string; body?: string }>): typeof fetch {
  return (async (url: string) => {
    const entry = files[url];
    if (entry === undefined) return new Response('', { status: 404 });
    const { status, type, body } = typeof entry === 'string' ? { status: 200, type: 'application/json', body: entry } : entry;
    return new Response(body ?? '', { status, headers: { 'content-type': type ?? 'application/json' } });
  }) as typeof fetch;
}

const route = (path: string, title: string) => ({ path, urlAddress: 'a/b', title });

describe('loading the route files of the bundles', () => {
  it('reads each bundle in order; a site route overrides the console route of the same path', async () => {
    const fetchImpl = stubFetch({
      '/site-pages/_routes.json': JSON.stringify({ routes: [route('/x/:id', 'site x'), route('/site/:id', 'site only')] }),
      '/pages-json/_routes.json': JSON.stringify({ routes: [route('/x/:id', 'console x'), route('/y/:id', 'console y')] }),
    });
    const { routes, issues } = await loadRouteFiles(['/site-pages/', '/pages-json/'], fetchImpl);
    expect(issues).toEqual([]);
    expect(routes.map((r) => [r.path, r.title, r.source])).toEqual([
      ['/x/:id', 'site x', '/site-pages/_routes.json'],
      ['/site/:id', 'site only', '/site-pages/_routes.json'],
      ['/y/:id', 'console y', '/pages-json/_routes.json'],
    ]);
  });

  it('a bundle without a route file, or a dev server answering with index.html, adds nothing', async () => {
    const fetchImpl = stubFetch({ '/pages-json/_routes.json': { status: 200, type: 'text/html', body: '<!doctype html>' } });
    expect(await loadRouteFiles(['/site-pages/', '/pages-json/'], fetchImpl)).toEqual({ routes: [], issues: [] });
  });

  it('asks no bundle the server listed without a route file (no 404 on every start)', async () => {
    const asked: string[] = [];
    const fetchImpl = (async (url: string) => {
      asked.push(url);
      return stubFetch({ '/pages-json/_routes.json': JSON.stringify({ routes: [route('/y/:id', 'y')] }) })(url);
    }) as typeof fetch;
    const listed: Record<string, boolean> = { '/site-pages/': false, '/pages-json/': true };
    const { routes } = await loadRouteFiles(['/site-pages/', '/pages-json/'], fetchImpl, (bundle) => listed[bundle]);
    expect(asked).toEqual(['/pages-json/_routes.json']);
    expect(routes.map((r) => r.path)).toEqual(['/y/:id']);
  });

  it('a malformed file loses its own routes only, and says which file and where', async () => {
    const fetchImpl = stubFetch({
      '/site-pages/_routes.json': '{ "routes": [ { "path": "/x/:id" ] }',
      '/pages-json/_routes.json': JSON.stringify({ routes: [route('/y/:id', 'y'), { path: '/z', title: 'z' }] }),
    });
    const { routes, issues } = await loadRouteFiles(['/site-pages/', '/pages-json/'], fetchImpl);
    expect(routes.map((r) => r.path)).toEqual(['/y/:id']);
    expect(issues).toEqual([
      { file: '/site-pages/_routes.json', path: '', message: expect.stringMatching(/^malformed JSON at line 1, column \d+/) },
      {
        file: '/pages-json/_routes.json',
        path: '/routes/1/urlAddress',
        message: 'urlAddress must name the JSON page, e.g. "parking/parkingAdd"',
      },
    ]);
  });

  it('an unavailable file or a failed request is an issue, not a crash', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect((await loadRouteFiles(['/pages-json/'], failing)).issues).toEqual([
      { file: '/pages-json/_routes.json', path: '', message: 'route file unavailable (Failed to fetch)' },
    ]);
    const issues = (await loadRouteFiles(['/pages-json/'], stubFetch({ '/pages-json/_routes.json': { status: 500 } }))).issues;
    expect(issues).toEqual([{ file: '/pages-json/_routes.json', path: '', message: 'route file unavailable (HTTP 500)' }]);
  });
});

describe('route patterns', () => {
  it('match one segment per parameter, the rest for a final *', () => {
    expect(matchPattern('/parkingAdmin/add/:id', '/parkingAdmin/add/7')).toEqual({ id: '7' });
    expect(matchPattern('/parkingAdmin/add/:id', '/parkingAdmin/add/7/')).toEqual({ id: '7' });
    expect(matchPattern('/parkingAdmin/add/:id', '/parkingAdmin/add')).toBeUndefined();
    expect(matchPattern('/parkingAdmin/add/:id', '/parkingAdmin/add/7/8')).toBeUndefined();
    expect(matchPattern('/redirect/*', '/redirect/parking/parkingAdmin')).toEqual({ '*': 'parking/parkingAdmin' });
    expect(matchPattern('/o/:id', '/o/%E7%B2%A4B')).toEqual({ id: '粤B' });
  });

  it('say what is wrong with a pattern', () => {
    expect(patternProblem('/a/:id')).toBe('');
    expect(patternProblem('/a/*/b')).toBe('"*" may only end a pattern');
    expect(patternProblem('/a/:1d')).toBe('":1d" is not a parameter name (letters, digits, "_")');
    expect(patternProblem('/a b')).toBe('segment "a b" may hold only letters, digits and "_.~-"');
  });
});
