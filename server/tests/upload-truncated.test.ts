import { describe, expect, it } from 'vitest';
import { call, withTestServer } from './helpers.ts';
import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let admin = '';
withTestServer((s) => ({ app, admin } = s));

describe('a truncated multipart upload', () => {
  it('answers a clear 400, not a 500', async () => {
    const boundary = '----x';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\nabc`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/file/Uploader/userAvatar',
      headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).toBe(400);
    expect(res.json().msg).toBeTruthy();
    expect((await call(app, 'GET', '/api/oauth/CurrentUser', { token: admin })).body.code).toBe(200);
  });
});
