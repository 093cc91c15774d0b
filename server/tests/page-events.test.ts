import { buildTestApp } from './helpers.ts';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';

/** npm run dev: saving a page file is announced at /__pages-events so the open screen reloads. */
describe('page events (development)', () => {
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
  });

  it('streams the urlAddress of a page file as it is saved', async () => {
    const bundle = mkdtempSync(join(tmpdir(), 'bundle-'));
    mkdirSync(join(bundle, 'parking'));
    ({ app } = await buildTestApp({ watchPages: true, pageBundles: [{ urlPrefix: '/site-pages/', dir: bundle }] }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    const received = new Promise<string>((resolve, reject) => {
      const req = get(`http://127.0.0.1:${port}/__pages-events`, (res) => {
        expect(res.headers['content-type']).toContain('text/event-stream');
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          const match = text.match(/data: (.+)\n\n/);
          if (match) {
            req.destroy();
            resolve(match[1]);
          }
        });
        // the stream is open: save a file
        setTimeout(() => writeFileSync(join(bundle, 'parking', 'lots.json'), '{"type":"page"}'), 100);
      });
      req.on('error', reject);
    });
    expect(JSON.parse(await received)).toEqual({ urlAddress: 'parking/lots' });
  });
});
