import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pageBundlesOf, registerStatic } from '../lib/static.ts';
import { precompress } from '../../scripts/build/precompress.ts';

const root = mkdtempSync(join(tmpdir(), 'parking-static-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('static files and app-config.json', () => {
  it('serves page bundles with no-store and lists them in app-config.json', async () => {
    const dist = join(root, 'dist');
    const site = join(root, 'site');
    const pages = join(root, 'pages');
    for (const d of [dist, site, pages]) mkdirSync(d);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(dist, 'app-config.json'), JSON.stringify({ siteTitle: 'X', pageBundles: ['/old/'] }));
    writeFileSync(join(site, 'a.json'), '{"type":"page","title":"site"}');
    writeFileSync(join(pages, 'a.json'), '{"type":"page","title":"repo"}');

    const app = Fastify();
    await registerStatic(app, {
      distDir: dist,
      pageBundles: [
        { urlPrefix: '/site-pages/', dir: site },
        { urlPrefix: '/pages-json/', dir: pages },
      ],
    });
    const cfg = await app.inject('/app-config.json');
    // each bundle's page files, so the console asks only for files that exist
    expect(cfg.json()).toEqual({
      siteTitle: 'X',
      pageBundles: ['/site-pages/', '/pages-json/'],
      bundleFiles: { '/site-pages/': ['a'], '/pages-json/': ['a'] },
    });
    const sitePage = await app.inject('/site-pages/a.json');
    expect(sitePage.json()).toMatchObject({ title: 'site' });
    expect(sitePage.headers['cache-control']).toBe('no-store');
    const repoPage = await app.inject('/pages-json/a.json');
    expect(repoPage.json()).toMatchObject({ title: 'repo' });
    expect(repoPage.headers['cache-control']).toBe('no-store');
    expect((await app.inject('/')).body).toContain('console');
    await app.close();
  });

  it('sends a build file compressed when the browser accepts it, kept for a year when its name is hashed', async () => {
    // a build folder inside a folder named static: only the build's own static/ is kept for a year
    const dist = join(root, 'static', 'dist');
    mkdirSync(join(dist, 'static', 'js'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
    const script = `console.log(${JSON.stringify('amis '.repeat(2000))});`;
    writeFileSync(join(dist, 'static', 'js', 'main.0123456789.js'), script);
    await precompress(dist);

    const app = Fastify();
    await registerStatic(app, { distDir: dist, pageBundles: [] });
    const br = await app.inject({ url: '/static/js/main.0123456789.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({ url: '/static/js/main.0123456789.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject('/static/js/main.0123456789.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // the page that names the hashed files is asked again every time
    expect((await app.inject('/')).headers['cache-control']).toBe('no-cache');
    expect((await app.inject('/index.html')).headers['cache-control']).toBe('no-cache');
    await app.close();
  });

  it('works without a dist folder', async () => {
    const app = Fastify();
    await registerStatic(app, { distDir: join(root, 'missing'), pageBundles: [] });
    expect((await app.inject('/index.html')).statusCode).toBe(404);
    expect((await app.inject('/app-config.json')).json()).toEqual({ pageBundles: [], bundleFiles: {} });
    await app.close();
  });

  it('puts the site bundle first when SITE_PAGES is set', () => {
    expect(pageBundlesOf('/tmp/site').map((b) => b.urlPrefix)).toEqual(['/site-pages/', '/pages-json/']);
    expect(pageBundlesOf(undefined).map((b) => b.urlPrefix)).toEqual(['/pages-json/']);
  });
});
