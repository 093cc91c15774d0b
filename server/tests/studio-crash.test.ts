import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { buildApp } from '../app.ts';
import { pageBundlesOf } from '../lib/static.ts';
import { call, login, withTwoInstances, type TwoInstances } from './helpers.ts';
import { openTestDatabase, onPostgres } from './test-database.ts';
import { formatPage } from '../studio/page-file.ts';

// A save killed (kill -9) mid-way, and two instances sharing one PostgreSQL: the site bundle's
// file and the version history agree, and every instance serves the newest saved page.
const REPO_MERCHANT = readFileSync(join(import.meta.dirname, '../../pages-json/coupon/merchant.json'), 'utf8');
const withTitle = (title: string) => ({ ...JSON.parse(REPO_MERCHANT), title });
/** A page with no API: the crash's child checks it against no routes */
const plain = (title: string) => ({ type: 'page', title, body: [{ type: 'tpl', tpl: title }] });

describe('a save killed between the temporary file and its rename', () => {
  it('leaves the file and the history agreeing once the server starts again', { timeout: 120_000 }, async () => {
    const site = mkdtempSync(join(tmpdir(), 'studio-crash-site-'));
    const folder = mkdtempSync(join(tmpdir(), 'studio-crash-db-'));
    let dbTarget: string;
    let postgres: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
    if (onPostgres()) {
      postgres = await openTestDatabase();
      dbTarget = postgres.url!;
    } else {
      // a PGlite folder of the template's data, so a second process can open it after the first dies
      const dump = new Blob([readFileSync(inject('templateDb').dumpFile!)]);
      const seeded = new PGlite(join(folder, 'db'), { loadDataDir: dump });
      await seeded.waitReady;
      await seeded.close();
      dbTarget = join(folder, 'db');
    }
    // version 1 is on disk already, as an earlier save left it
    mkdirSync(join(site, 'coupon'));
    const first = await formatPage(plain('第一版'));
    writeFileSync(join(site, 'coupon', 'merchant.json'), first);
    const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'studio-crash-child.ts')], {
      env: { ...process.env, STUDIO_DB: dbTarget, STUDIO_SITE: site, STUDIO_PAGE: JSON.stringify(plain('第二版')) },
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(child.signal, child.stderr).toBe('SIGKILL');
    expect(child.stdout).toContain('renaming');
    // killed: the old file in place, the new text in a temporary file beside it
    expect(readFileSync(join(site, 'coupon', 'merchant.json'), 'utf8')).toBe(first);
    expect(readdirSync(join(site, 'coupon')).some((n) => n.endsWith('.tmp'))).toBe(true);

    const db = postgres ?? (await openDatabase({ dataDir: dbTarget, firstStartDone: true }));
    const { app } = await buildApp({ db, pageBundles: pageBundlesOf(site) });
    try {
      const history = await db.query<{ version: number; body: string }>(
        `select version, body from studio_page_version where url_address = 'coupon/merchant' order by version`,
      );
      // the committed version is the record; the start wrote the file to it and removed the temporary file
      // version 1 keeps the file as it was before the studio's first save
      expect(history.rows.map((r) => [r.version, JSON.parse(r.body).title])).toEqual([
        [1, '第一版'],
        [2, '第二版'],
      ]);
      expect(readFileSync(join(site, 'coupon', 'merchant.json'), 'utf8')).toBe(history.rows[1].body);
      expect(readdirSync(join(site, 'coupon'))).toEqual(['merchant.json']);
      const served = await app.inject({ method: 'GET', url: '/site-pages/coupon/merchant.json' });
      expect(served.json().title).toBe('第二版');
    } finally {
      await app.close();
      await db.close();
      rmSync(site, { recursive: true, force: true });
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!onPostgres())('two instances on one PostgreSQL share saved pages', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  const siteA = mkdtempSync(join(tmpdir(), 'studio-a-'));
  const siteB = mkdtempSync(join(tmpdir(), 'studio-b-'));
  withTwoInstances((pair: TwoInstances) => ({ a, b } = pair), {
    a: { pageBundles: pageBundlesOf(siteA) },
    b: { pageBundles: pageBundlesOf(siteB) },
  });

  it('a page saved on one instance is served by the other at once, and lands in its folder', async () => {
    const token = await login(a, 'admin', 'admin123');
    const saved = await call(a, 'POST', '/api/studio/Save', {
      token,
      json: { urlAddress: 'coupon/merchant', page: withTitle('双实例'), baseVersion: 0 },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const served = await b.inject({ method: 'GET', url: '/site-pages/coupon/merchant.json' });
    expect(served.json().title).toBe('双实例');
    await expect
      .poll(() => existsSync(join(siteB, 'coupon', 'merchant.json')) && readFileSync(join(siteB, 'coupon', 'merchant.json'), 'utf8'))
      .toContain('双实例');
    // b knows a's version: a save on b from the old version is refused
    const stale = await call(b, 'POST', '/api/studio/Save', {
      token,
      json: { urlAddress: 'coupon/merchant', page: withTitle('旧'), baseVersion: 0 },
    });
    expect(stale.body.code).toBe(409);
  });
});
