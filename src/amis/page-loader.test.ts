import { describe, expect, it } from 'vitest';
import { loadPage, parsePage, pageUrls } from './page-loader';

function fakeFetch(files: Record<string, string>): typeof fetch {
  return (async (url: string) => {
    const text = files[url];
    return new Response(text ?? 'not found', { status: text === undefined ? 404 : 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
}

describe('page loader', () => {
  it('builds one URL per bundle, site bundle first', () => {
    expect(pageUrls('parking/parkingAdmin', ['/site-pages/', '/pages-json'])).toEqual([
      '/site-pages/parking/parkingAdmin.json',
      '/pages-json/parking/parkingAdmin.json',
    ]);
  });

  it('takes the first bundle that has the file', async () => {
    const result = await loadPage('a/b', ['/site/', '/pages-json/'], fakeFetch({ '/pages-json/a/b.json': '{"type":"page"}' }));
    expect(result).toEqual({ kind: 'ok', file: '/pages-json/a/b.json', schema: { type: 'page' } });
  });

  it('names every path tried when no bundle has the file', async () => {
    const result = await loadPage('a/b', ['/site/', '/pages-json/'], fakeFetch({}));
    expect(result).toEqual({ kind: 'missing', urlAddress: 'a/b', tried: ['/site/a/b.json', '/pages-json/a/b.json'] });
  });

  it('reports line and column of malformed JSON', () => {
    const result = parsePage('/pages-json/x.json', '{\n  "type": "page",\n  "title": oops\n}');
    expect(result).toMatchObject({ kind: 'malformed', file: '/pages-json/x.json', line: 3 });
    if (result.kind === 'malformed') expect(result.column).toBeGreaterThan(1);
  });
});
