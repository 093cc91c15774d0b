import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, login } from './helpers.ts';

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  ({ app } = await buildTestApp());
  token = await login(app, 'operator', 'operator123');
});
afterAll(async () => {
  await app.close();
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A multipart body with one file field, built by hand so the test needs no form library. */
function multipartBody(filename: string, type: string, data: Buffer, field = 'file') {
  const boundary = '----pc' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(filename: string, type: string, data: Buffer, opts: { token?: string; field?: string } = {}) {
  const { payload, headers } = multipartBody(filename, type, data, opts.field);
  const res = await app.inject({
    method: 'POST',
    url: '/api/file/Uploader/avatar',
    payload,
    headers: { ...headers, ...(opts.token === '' ? {} : { authorization: opts.token ?? token }) },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('image upload', () => {
  it('stores a png and serves it back publicly with its content type', async () => {
    const res = await upload('me.png', 'image/png', PNG);
    expect(res.body).toMatchObject({ code: 200, msg: '上传成功' });
    expect(res.body.data.url).toMatch(/^\/api\/file\/Image\/[0-9a-z]+_[0-9a-f]{16}\.png$/);
    const img = await app.inject(res.body.data.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
  });

  it('accepts a jpg by extension or by MIME type', async () => {
    expect((await upload('photo.JPG', 'application/octet-stream', PNG)).body.code).toBe(200);
    expect((await upload('photo', 'image/jpeg', PNG)).body.code).toBe(200);
  });

  it('rejects other formats with the spec message', async () => {
    expect((await upload('doc.pdf', 'application/pdf', PNG)).body).toMatchObject({
      code: 400,
      msg: '文件格式不正确，请上传png/jpg图片格式文件!',
    });
  });

  it('rejects a name with an English comma', async () => {
    expect((await upload('a,b.png', 'image/png', PNG)).body).toMatchObject({ code: 400, msg: '文件名不正确，不能包含英文逗号!' });
  });

  it('rejects files over 5 MB but takes exactly 5 MB', async () => {
    expect((await upload('big.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 1))).body).toMatchObject({
      code: 400,
      msg: '上传头像图片大小不能超过 5 MB!',
    });
    expect((await upload('max.png', 'image/png', Buffer.alloc(5 * 1024 * 1024))).body.code).toBe(200);
  });

  it('needs a sign-in', async () => {
    expect((await upload('me.png', 'image/png', PNG, { token: '' })).body.code).toBe(600);
  });

  it('serves only names it generated', async () => {
    for (const url of ['/api/file/Image/..%2F..%2Fpackage.json', '/api/file/Image/nope.png', '/api/file/Image/..%2Fapp.ts']) {
      expect((await app.inject(url)).statusCode).toBe(404);
    }
  });
});

describe('avatar', () => {
  it('stores an uploaded image as the user avatar', async () => {
    const { body } = await upload('me.png', 'image/png', PNG);
    const res = await call(app, 'PUT', '/api/oauth/updateAvatar', { token, json: { avatar: body.data.url } });
    expect(res.body).toMatchObject({ code: 200 });
    const me = await call(app, 'GET', '/api/oauth/CurrentUser', { token });
    expect(me.body.data.avatar).toBe(body.data.url);
  });

  it('refuses an address it did not store', async () => {
    for (const avatar of ['', 'https://evil.example/x.png', '/api/file/Image/nope.png']) {
      expect((await call(app, 'PUT', '/api/oauth/updateAvatar', { token, json: { avatar } })).body.code).toBe(400);
    }
  });
});
