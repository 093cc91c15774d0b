import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, login } from './helpers.ts';
import { pageBundlesOf } from '../lib/static.ts';
import { formatPage } from '../studio/page-file.ts';
import type { Db } from '../db/database.ts';

// The page studio's server side (/api/studio): a save is checked, versioned, audited and written
// to the site bundle, and served at once; a stale, invalid, unprivileged or escaping save is refused.
const REPO_MERCHANT = JSON.parse(readFileSync(join(import.meta.dirname, '../../pages-json/coupon/merchant.json'), 'utf8'));

/** The merchant page with its first column's label changed (the e2e test does the same visually). */
function relabelled(label: string) {
  const page = structuredClone(REPO_MERCHANT);
  const crud = JSON.stringify(page).includes('"columns"') ? findColumns(page) : undefined;
  crud![0].label = label;
  return page;
}

function findColumns(node: unknown): { label: string }[] | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const columns = (node as { columns?: unknown }).columns;
  if (Array.isArray(columns)) return columns as { label: string }[];
  for (const v of Object.values(node)) {
    const found = findColumns(v);
    if (found) return found;
  }
  return undefined;
}

describe('page studio', () => {
  let app: FastifyInstance;
  let db: Db;
  let admin: string;
  let operator: string;
  const site = mkdtempSync(join(tmpdir(), 'studio-site-'));
  const file = join(site, 'coupon', 'merchant.json');

  beforeAll(async () => {
    ({ app, db } = await buildTestApp({ pageBundles: pageBundlesOf(site) }));
    admin = await login(app, 'admin', 'admin123');
    operator = await login(app, 'operator', 'operator123');
  });
  afterAll(async () => {
    await app.close();
    rmSync(site, { recursive: true, force: true });
  });

  const save = (json: Record<string, unknown>, token = admin) => call(app, 'POST', '/api/studio/Save', { token, json });

  it('saves a page to the site bundle, formatted, served at once and logged', async () => {
    const opened = await call(app, 'GET', '/api/studio/Page?urlAddress=coupon/merchant', { token: admin });
    expect(opened.body.data).toMatchObject({ version: 0, source: 'repo', canSave: true });
    const page = relabelled('商户全称');
    const saved = await save({ urlAddress: 'coupon/merchant', page, baseVersion: 0 });
    expect(saved.body.code, saved.body.msg).toBe(200);
    // version 1 keeps the page as it was (pages-json/'s), to roll back to
    expect(saved.body.data.version).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe(await formatPage(page));
    const served = await app.inject({ method: 'GET', url: '/site-pages/coupon/merchant.json' });
    expect(served.headers['cache-control']).toBe('no-store');
    expect(findColumns(served.json())![0].label).toBe('商户全称');
    const log = await db.query<{ detail: string; account: string }>(`select detail, account from oper_log where module = 'page'`);
    expect(log.rows).toEqual([
      expect.objectContaining({ account: 'admin', detail: expect.stringContaining('coupon/merchant（第 2 版）') }),
    ]);
  });

  it("refuses a save over someone else's newer version", async () => {
    const stale = await save({ urlAddress: 'coupon/merchant', page: relabelled('旧的'), baseVersion: 0 });
    expect(stale.body.code).toBe(409);
    expect(stale.body.msg).toContain('admin');
    expect(stale.body.data.version).toBe(2);
  });

  it('refuses a page that fails the checker with its problems by JSON path, unless saved as a draft (not served)', async () => {
    const page = relabelled('草稿');
    page.titel = '错字';
    const refused = await save({ urlAddress: 'coupon/merchant', page, baseVersion: 2 });
    expect(refused.body.code).toBe(400);
    expect(refused.body.data.problems).toContainEqual({ path: '/titel', message: expect.stringContaining('titel') });
    const draft = await save({ urlAddress: 'coupon/merchant', page, baseVersion: 2, draft: true });
    expect(draft.body.data.version).toBe(3);
    const served = await app.inject({ method: 'GET', url: '/site-pages/coupon/merchant.json' });
    expect(findColumns(served.json())![0].label).toBe('商户全称');
    expect(readFileSync(file, 'utf8')).not.toContain('草稿');
  });

  it('lists versions, shows diffs against the version before and pages-json/, and rolls back', async () => {
    const fourth = await save({ urlAddress: 'coupon/merchant', page: relabelled('商户简称'), baseVersion: 3 });
    expect(fourth.body.data.version).toBe(4);
    const versions = await call(app, 'GET', '/api/studio/Versions?urlAddress=coupon/merchant', { token: admin });
    expect(
      versions.body.data.list.map((v: { version: number; draft: boolean; restoredFrom: number | null }) => [
        v.version,
        v.draft,
        v.restoredFrom,
      ]),
    ).toEqual([
      [4, false, null],
      [3, true, null],
      [2, false, null],
      [1, false, 0],
    ]);
    const diff = await call(app, 'GET', '/api/studio/Diff?urlAddress=coupon/merchant&version=4', { token: admin });
    const changed = (lines: { op: string; text: string }[]) => lines.filter((l) => l.op !== ' ').map((l) => `${l.op}${l.text.trim()}`);
    expect(changed(diff.body.data.repo)).toEqual(expect.arrayContaining([expect.stringMatching(/^\+.*商户简称/)]));
    expect(changed(diff.body.data.previous)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^-.*草稿/), expect.stringMatching(/^\+.*商户简称/)]),
    );
    const back = await call(app, 'POST', '/api/studio/Rollback', {
      token: admin,
      json: { urlAddress: 'coupon/merchant', version: 2, baseVersion: 4 },
    });
    expect(back.body.data.version).toBe(5);
    const served = await app.inject({ method: 'GET', url: '/site-pages/coupon/merchant.json' });
    expect(findColumns(served.json())![0].label).toBe('商户全称');
    expect(findColumns(JSON.parse(readFileSync(file, 'utf8')))![0].label).toBe('商户全称');
    // version 1, the page before the studio: back to pages-json/'s label
    const original = await call(app, 'POST', '/api/studio/Rollback', {
      token: admin,
      json: { urlAddress: 'coupon/merchant', version: 1, baseVersion: 5 },
    });
    expect(original.body.data.version).toBe(6);
    const label = findColumns(REPO_MERCHANT)![0].label;
    expect(findColumns((await app.inject({ method: 'GET', url: '/site-pages/coupon/merchant.json' })).json())![0].label).toBe(label);
  });

  it('refuses addresses outside the bundle: ../, absolute, encoded', async () => {
    for (const urlAddress of ['../escape', '/etc/passwd', '%2e%2e/escape', '..%2Fescape', 'a/../../escape', '_routes', 'C:\\x']) {
      const res = await save({ urlAddress, page: relabelled('x'), baseVersion: 0 });
      expect(res.body.code, urlAddress).toBe(400);
    }
    expect(readdirSync(join(site, '..')).some((n) => n.startsWith('escape'))).toBe(false);
  });

  it('saving needs the studio:save button (403), opening the studio its menu entry', async () => {
    const res = await save({ urlAddress: 'coupon/merchant', page: relabelled('x'), baseVersion: 6 }, operator);
    expect(res.status).toBe(403);
    expect((await call(app, 'GET', '/api/studio/Page?urlAddress=coupon/merchant', { token: operator })).status).toBe(403);
  });

  it('adds a saved new page to the menu under a directory, seen by the adder', async () => {
    const template = await call(app, 'GET', '/api/studio/Page?urlAddress=demo/newPage', { token: admin });
    expect(template.body.data.source).toBe('template');
    // the template's example API is refused by the checker until it names a real one
    const unfinished = await save({ urlAddress: 'demo/newPage', page: template.body.data.page, baseVersion: 0 });
    expect(unfinished.body.data.problems).toContainEqual(expect.objectContaining({ path: '/body/api' }));
    const saved = await save({ urlAddress: 'demo/newPage', page: { ...relabelled('商户'), title: '新页面' }, baseVersion: 0 });
    expect(saved.body.code, JSON.stringify(saved.body.data)).toBe(200);
    const added = await call(app, 'POST', '/api/studio/Menu', {
      token: admin,
      json: { parentId: 'm-tools', fullName: '新页面', enCode: 'studioNewPage', urlAddress: 'demo/newPage' },
    });
    expect(added.body.data.path).toBe('/tools/studioNewPage');
    const me = await call(app, 'GET', '/api/oauth/CurrentUser', { token: await login(app, 'admin', 'admin123') });
    expect(JSON.stringify(me.body.data.menuList)).toContain('studioNewPage');
    expect(existsSync(join(site, 'demo', 'newPage.json'))).toBe(true);
  });
});
