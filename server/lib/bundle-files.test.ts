import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerStatic } from './static.ts';

describe('the runtime configuration lists each bundle’s files', () => {
  it('so the console asks for no route file a site bundle does not have', async () => {
    const site = mkdtempSync(join(tmpdir(), 'bundle-files-'));
    mkdirSync(join(site, 'site'), { recursive: true });
    writeFileSync(join(site, 'site', 'visitors.json'), '{"type":"page"}');
    const app = Fastify();
    await registerStatic(app, {
      distDir: mkdtempSync(join(tmpdir(), 'dist-')),
      pageBundles: [
        { urlPrefix: '/site-pages/', dir: site },
        { urlPrefix: '/pages-json/', dir: join(import.meta.dirname, '..', '..', 'pages-json') },
      ],
    });
    const config = (await app.inject({ url: '/app-config.json' })).json() as { bundleFiles: Record<string, string[]> };
    await app.close();
    expect(config.bundleFiles['/site-pages/']).toEqual(['site/visitors']);
    expect(config.bundleFiles['/pages-json/']).toContain('_routes');
    expect(config.bundleFiles['/pages-json/']).toContain('parking/parkingAdmin');
  });
});
