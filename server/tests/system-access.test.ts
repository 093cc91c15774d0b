import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../lib/password.ts';
import { buildTestApp, call, login } from './helpers.ts';

/** Every /api route that needs a permission answers 403 to a signed-in user holding no role. */

let app: FastifyInstance;
let nobody: string;

beforeAll(async () => {
  ({ app } = await buildTestApp());
  const admin = await login(app, 'admin', 'admin123');
  const res = await call(app, 'POST', '/api/system/Permission/Users', {
    token: admin,
    json: { account: 'norole', realName: '无角色', roleIds: [], userPassword: md5Hex('pw'), validatePassword: md5Hex('pw') },
  });
  expect(res.body.code).toBe(200);
  nobody = await login(app, 'norole', 'pw');
});
afterAll(async () => {
  await app.close();
});

interface Op {
  'x-access': unknown;
}

describe('permissions', () => {
  it('the OpenAPI description lists every route with what it needs', async () => {
    const res = await app.inject('/api/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Op>> };
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.paths['/api/system/Permission/Users/{id}/Actions/ResetPassword'].post['x-access']).toEqual({
      buttons: ['user:resetPassword'],
    });
    expect(doc.paths['/api/dictDetail'].get['x-access']).toBe('login');
    expect(doc.paths['/api/oauth/Login'].post['x-access']).toBe('public');
    // the drivers' pages' routes: every one there, marked public, and nothing else under /api/public
    const pub = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/public/'));
    expect(pub.map(([path]) => path)).toEqual(
      expect.arrayContaining(['/api/public/Scan/Lane', '/api/public/Scan/Enter', '/api/public/Pay', '/api/public/Card/Renew']),
    );
    for (const [, ops] of pub) for (const op of Object.values(ops)) expect(op['x-access']).toBe('public');
  });

  it('answers 403 on every route that needs a menu or button permission', async () => {
    const doc = (await app.inject('/api/docs/openapi.json')).json() as { paths: Record<string, Record<string, Op>> };
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (typeof op['x-access'] === 'string') continue; // public or any signed-in user
        const url = path.replace(/\{[^}]+\}/g, 'x');
        const res = await app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { authorization: nobody, 'content-type': 'application/json' },
          payload: method === 'get' ? undefined : '{}',
        });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json(), `${method} ${path}`).toMatchObject({ code: 403 });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('the user without roles still reads what any signed-in user may', async () => {
    const me = await call(app, 'GET', '/api/oauth/CurrentUser', { token: nobody });
    expect(me.body.data).toMatchObject({ menuList: [], buttonList: [] });
    expect((await call(app, 'GET', '/api/dictDetail?dictName=road_type&page=0&size=9999', { token: nobody })).body.code).toBe(200);
  });
});
