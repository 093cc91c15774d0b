import { describe, expect, it } from 'vitest';
import { loadPage, parsePage } from './page-loader';
import { pageUrls } from './page-urls';

function fakeFetch(files: Record<string, string>, statuses: Record<string, number> = {}): typeof fetch & { calls: string[] } {
  const calls: string[] = [];
  const impl = (async (url: string) => {
    calls.push(url);
    const text = files[url];
    const status = statuses[url] ?? (text === undefined ? 404 : 200);
    return new Response(text ?? 'not found', { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch & { calls: string[] };
  impl.calls = calls;
  return impl;
}

const BUNDLES = ['/site/', '/pages-json/'];

describe('page loader', () => {
  it('builds one URL per bundle, site bundle first', () => {
    expect(pageUrls('parking/parkingAdmin', ['/site-pages/', '/pages-json'])).toEqual([
      '/site-pages/parking/parkingAdmin.json',
      '/pages-json/parking/parkingAdmin.json',
    ]);
  });

  it('takes the first bundle that has the file', async () => {
    const result = await loadPage('a/b', BUNDLES, fakeFetch({ '/pages-json/a/b.json': '{"type":"page"}' }));
    expect(result).toEqual({ kind: 'ok', file: '/pages-json/a/b.json', schema: { type: 'page' } });
  });

  it('names every path tried when no bundle has the file', async () => {
    const result = await loadPage('a/b', BUNDLES, fakeFetch({}));
    expect(result).toEqual({ kind: 'missing', urlAddress: 'a/b', tried: ['/site/a/b.json', '/pages-json/a/b.json'] });
  });

  it('reports line and column of malformed JSON', () => {
    const result = parsePage('/pages-json/x.json', '{\n  "type": "page",\n  "title": oops\n}');
    expect(result).toMatchObject({ kind: 'malformed', file: '/pages-json/x.json', line: 3 });
    if (result.kind === 'malformed') expect(result.column).toBeGreaterThan(1);
  });
});

describe('fragments', () => {
  const lotSelect = JSON.stringify({ type: 'select', name: 'parkingId', label: '所属停车场', lots: 'all' });

  it('replaces {"$fragment": name} by the fragment; the node’s own keys win', async () => {
    const page = {
      type: 'page',
      definitions: { lot: { $fragment: 'lot-select', required: true } },
      body: [{ $ref: 'lot' }, { $fragment: 'lot-select', label: '停车场' }],
    };
    const result = await loadPage(
      'a/b',
      BUNDLES,
      fakeFetch({ '/pages-json/a/b.json': JSON.stringify(page), '/pages-json/_fragments/lot-select.json': lotSelect }),
    );
    expect(result).toEqual({
      kind: 'ok',
      file: '/pages-json/a/b.json',
      schema: {
        type: 'page',
        definitions: { lot: { type: 'select', name: 'parkingId', label: '所属停车场', lots: 'all', required: true } },
        body: [{ $ref: 'lot' }, { type: 'select', name: 'parkingId', label: '停车场', lots: 'all' }],
      },
    });
  });

  it('a site bundle overrides a fragment like a page', async () => {
    const fetch = fakeFetch({
      '/pages-json/a/b.json': JSON.stringify({ type: 'page', body: { $fragment: 'lot-select' } }),
      '/site/_fragments/lot-select.json': JSON.stringify({ type: 'select', name: 'lotId', lots: 'lane' }),
      '/pages-json/_fragments/lot-select.json': lotSelect,
    });
    const result = await loadPage('a/b', BUNDLES, fetch);
    expect(result).toMatchObject({ kind: 'ok', schema: { body: { type: 'select', name: 'lotId', lots: 'lane' } } });
    expect(fetch.calls).not.toContain('/pages-json/_fragments/lot-select.json');
  });

  it('brings in the fragments of fragments, each file once', async () => {
    const fetch = fakeFetch({
      '/pages-json/a/b.json': JSON.stringify({
        type: 'page',
        body: [{ $fragment: 'status-column' }, { $fragment: 'status-column', name: 'status' }],
      }),
      '/pages-json/_fragments/status-column.json': JSON.stringify({
        type: 'mapping',
        name: 'enabledMark',
        itemSchema: { $fragment: 'status-badge' },
      }),
      '/pages-json/_fragments/status-badge.json': JSON.stringify({ type: 'tpl', tpl: '${label}' }),
    });
    const result = await loadPage('a/b', BUNDLES, fetch);
    expect(result).toMatchObject({
      kind: 'ok',
      schema: {
        body: [
          { type: 'mapping', name: 'enabledMark', itemSchema: { type: 'tpl' } },
          { name: 'status', itemSchema: { type: 'tpl' } },
        ],
      },
    });
    expect(fetch.calls.filter((u) => u.includes('status-badge'))).toHaveLength(2); // site, then pages-json: once per bundle
  });

  it('a missing fragment fails the page at the line of the reference, naming every path tried', async () => {
    const text = '{\n  "type": "page",\n  "body": {\n    "$fragment": "nowhere"\n  }\n}';
    const result = await loadPage('a/b', BUNDLES, fakeFetch({ '/pages-json/a/b.json': text }));
    expect(result).toEqual({
      kind: 'malformed',
      file: '/pages-json/a/b.json',
      line: 4,
      column: 18,
      message: '片段 "nowhere" 不存在。已查找：\n/site/_fragments/nowhere.json\n/pages-json/_fragments/nowhere.json',
    });
  });

  it('a malformed fragment fails the page with the fragment’s file, line and column', async () => {
    const result = await loadPage(
      'a/b',
      BUNDLES,
      fakeFetch({
        '/pages-json/a/b.json': '{"type": "page", "body": {"$fragment": "broken"}}',
        '/pages-json/_fragments/broken.json': '{\n  "type": "tpl",\n  "tpl": oops\n}',
      }),
    );
    expect(result).toMatchObject({ kind: 'malformed', file: '/pages-json/_fragments/broken.json', line: 3 });
  });

  it('a fragment that is not an object, a bad name and a cycle fail clearly', async () => {
    const arrayFragment = await loadPage(
      'a/b',
      BUNDLES,
      fakeFetch({ '/pages-json/a/b.json': '{"body": {"$fragment": "list"}}', '/pages-json/_fragments/list.json': '[1]' }),
    );
    expect(arrayFragment).toMatchObject({
      kind: 'malformed',
      file: '/pages-json/_fragments/list.json',
      message: '片段文件的顶层必须是一个 JSON 对象',
    });
    const badName = await loadPage('a/b', BUNDLES, fakeFetch({ '/pages-json/a/b.json': '{"body": {"$fragment": "../x"}}' }));
    expect(badName).toMatchObject({ kind: 'malformed', file: '/pages-json/a/b.json', line: 1, column: 24 });
    const cycle = await loadPage(
      'a/b',
      BUNDLES,
      fakeFetch({
        '/pages-json/a/b.json': '{"body": {"$fragment": "x"}}',
        '/pages-json/_fragments/x.json': '{"body": {"$fragment": "y"}}',
        '/pages-json/_fragments/y.json': '{"body": {"$fragment": "x"}}',
      }),
    );
    expect(cycle).toMatchObject({ kind: 'malformed', file: '/pages-json/_fragments/y.json', message: '片段循环引用：x → y → x' });
  });

  it('a fragment the server cannot serve makes the page unavailable', async () => {
    const result = await loadPage(
      'a/b',
      BUNDLES,
      fakeFetch(
        { '/pages-json/a/b.json': '{"body": {"$fragment": "x"}}', '/site/_fragments/x.json': 'x' },
        { '/site/_fragments/x.json': 500 },
      ),
    );
    expect(result).toEqual({ kind: 'unavailable', file: '/site/_fragments/x.json', status: 500 });
  });

  it("in en-US gives the page with its texts from the bundles' tables, a site's own first", async () => {
    const fetchImpl = fakeFetch({
      '/pages-json/a/b.json': '{"type":"page","title":"停车场","body":[{"type":"tpl","tpl":"未翻译"}]}',
      '/pages-json/_i18n/en-US.json': '{"texts":{"停车场":"Lot"}}',
      '/site/_i18n/en-US.json': '{"texts":{"停车场":"Car park"}}',
    });
    const result = await loadPage('a/b', BUNDLES, fetchImpl, 'en-US');
    expect(result).toMatchObject({ kind: 'ok', schema: { title: 'Car park', body: [{ tpl: '未翻译' }] } });
  });
});
