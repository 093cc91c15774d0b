import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// amis-editor-core 6.13 pins axios 0.21.1 (three advisories); package.json's `overrides` gives it
// the project's axios 1.x. Its default env calls `axios(config)` with a `cancelToken` made by
// `new axios.CancelToken(executor)` and asks `axios.isCancel(error)`: all three must still work.
const editorRequire = createRequire(createRequire(import.meta.url).resolve('amis-editor-core'));
const axiosPath = editorRequire.resolve('axios');
const { default: axios } = (await import(axiosPath)) as { default: typeof import('axios').default };
const { version } = editorRequire('axios/package.json') as { version: string };

describe("amis-editor-core's axios", () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.startsWith('/missing')) return void res.writeHead(404).end();
      // a slow answer, so a cancel arrives first
      setTimeout(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 0, data: { url: req.url } })),
        200,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('is the overridden 1.x, not the pinned 0.21.1', () => {
    expect(version).toMatch(/^1\./);
  });

  it('answers axios(config) as the editor builds it (withCredentials, headers, GET params)', async () => {
    const res = await axios({ url: `${base}/api/x`, method: 'get', params: { a: 1 }, withCredentials: true, headers: { 'X-Test': '1' } });
    expect(res.status).toBe(200);
    expect(res.data.data.url).toBe('/api/x?a=1');
  });

  it('cancels through new axios.CancelToken(executor), and isCancel tells a cancel from a failure', async () => {
    let cancel: (() => void) | undefined;
    const pending = axios({ url: `${base}/slow`, method: 'get', cancelToken: new axios.CancelToken((c) => (cancel = c)) });
    cancel!();
    const cancelled = await pending.catch((e: unknown) => e);
    expect(axios.isCancel(cancelled)).toBe(true);
    const failed = await axios({ url: `${base}/missing`, method: 'get' }).catch((e: unknown) => e);
    expect(axios.isCancel(failed)).toBe(false);
  });
});
