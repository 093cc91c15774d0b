import type { Database, Db } from '../db/database.ts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { openTestDatabase } from './test-database.ts';
import { md5Hex } from '../lib/password.ts';

/** Shared test helpers: form/JSON requests through app.inject and demo sign-in. */

export interface Res {
  status: number;
  body: { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Record<string, unknown>;
}

export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Res> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = opts.token;
  let payload: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(opts.json);
  }
  const res = await app.inject({ method, url, headers, payload });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export function loginForm(account: string, password: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    account,
    password: md5Hex(password),
    code: '',
    timestamp: '',
    origin: 'password',
    grant_type: 'password',
    rememberMe: 'false',
    ...extra,
  };
}

/** Signs in and returns the token string as the server gave it ('Bearer <hex>'). */
export async function login(app: FastifyInstance, account: string, password: string): Promise<string> {
  const res = await call(app, 'POST', '/api/oauth/Login', { form: loginForm(account, password) });
  if (res.body.code !== 200) throw new Error(`login ${account} failed: ${res.body.msg}`);
  return res.body.data.token as string;
}

/**
 * Creates a user holding every permission (the admin role) but limited to `lots` (用户管理 ›
 * 所属停车场), signs them in and answers their token: the data-scope tests' caller.
 */
export async function signInLotLimitedUser(app: FastifyInstance, adminToken: string, account: string, lots: string[]): Promise<string> {
  const password = 'Kjy12345';
  const res = await call(app, 'POST', '/api/system/Permission/Users', {
    token: adminToken,
    json: {
      account,
      realName: `${account}值班`,
      roleIds: ['r-admin'],
      parkingIds: lots,
      userPassword: md5Hex(password),
      validatePassword: md5Hex(password),
    },
  });
  if (res.body.code !== 200) throw new Error(`creating ${account} failed: ${res.body.msg}`);
  return login(app, account, password);
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  /** tokens of the demo accounts */
  admin: string;
  operator: string;
}

/**
 * One in-memory server per test file with both demo accounts signed in; `assign` hands it to
 * the file's variables before the tests run. Closed after the file.
 */
export function withTestServer(assign: (server: TestServer) => void): void {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    const built = await buildTestApp();
    app = built.app;
    assign({ ...built, admin: await login(built.app, 'admin', 'admin123'), operator: await login(built.app, 'operator', 'operator123') });
  });
  afterAll(async () => {
    await app?.close();
  });
}

export interface TwoInstances {
  db: Database & { url?: string };
  a: FastifyInstance;
  b: FastifyInstance;
}

/** Two reference servers on one PostgreSQL test database, as behind a load balancer; closed after the suite. */
export function withTwoInstances(
  assign: (pair: TwoInstances) => void,
  opts: { a?: Omit<BuildAppOptions, 'database' | 'db'>; b?: Omit<BuildAppOptions, 'database' | 'db'> } = {},
): void {
  let pair: Partial<TwoInstances> = {};
  beforeAll(async () => {
    const db = await openTestDatabase();
    pair = { db };
    pair.a = (await buildApp({ ...opts.a, database: { databaseUrl: db.url! } })).app;
    pair.b = (await buildApp({ ...opts.b, database: { databaseUrl: db.url! } })).app;
    await Promise.all([pair.a.ready(), pair.b.ready()]);
    assign(pair as TwoInstances);
  });
  afterAll(async () => {
    await pair.a?.close();
    await pair.b?.close();
    await pair.db?.close();
  });
}

/**
 * Every test request comes from 127.0.0.1: the per-address sign-in limits are this many times
 * higher there (the mechanism stays on; sign-in-guard.test.ts tests the real numbers).
 */
export const TEST_LOOPBACK_FACTOR = 100;

/** A server on a fresh copy of the seeded template database, which closes with the app. */
export async function buildTestApp(opts: Omit<BuildAppOptions, 'db' | 'database'> = {}): Promise<{ app: FastifyInstance; db: Db }> {
  const db = await openTestDatabase();
  const built = await buildApp({ ...opts, signInLimits: { loopbackFactor: TEST_LOOPBACK_FACTOR, ...opts.signInLimits }, db });
  built.app.addHook('onClose', () => db.close());
  return built;
}
