import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { REPO_DIR } from '../lib/static.ts';
import { bundleFile } from '../studio/bundle-path.ts';
import { checkPage } from '../studio/page-check.ts';
import { compactDiff, lineDiff } from '../studio/line-diff.ts';
import { formatPage, readPageFile } from '../studio/page-file.ts';
import { getVersion, latestVersion, listVersions } from '../studio/page-versions.ts';
import { savePage, siteFileOf, type StudioBundles } from '../studio/save-page.ts';
import { addMenuEntry, menuDirectories } from '../studio/studio-menu.ts';

/**
 * /api/studio: the page studio (/demo). Reading and checking need the studio's menu entry; saving,
 * rolling back and adding a menu entry need the `studio:save` button, are checked here whatever
 * the browser did, and are written to the operation log.
 */
const VIEW = { menus: ['studio'] };
const SAVE = { buttons: ['studio:save'] };

const address = Type.String({ title: '页面地址', minLength: 1, maxLength: 200 });
const version = Type.Integer({ title: '版本', minimum: 0, maximum: 1_000_000 });
const pageBody = Type.Object({}, { title: '页面', additionalProperties: true });

const REPO_PAGES = join(REPO_DIR, 'pages-json');
const TEMPLATE = join(REPO_DIR, 'docs', 'page-template.json');

/** A page's text in a bundle folder, when the address is a file there. */
function bundleText(dir: string | undefined, urlAddress: string): string | undefined {
  if (!dir) return undefined;
  const target = bundleFile(dir, urlAddress);
  return target.ok ? readPageFile(target.file) : undefined;
}

export function registerStudioRoutes(fastify: FastifyInstance, db: Db, bundles: StudioBundles): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const audit = (req: Parameters<typeof writeOperLog>[1], recordId: string) => (tx: Db, detail: string) =>
    writeOperLog(tx, req, { action: 'update', module: 'page', recordId, detail });

  // the page to edit: its newest saved version (a draft too), else the site's file, else pages-json/, else the template
  app.get(
    '/api/studio/Page',
    { config: { access: VIEW }, schema: { querystring: Type.Object({ urlAddress: address }, { required: ['urlAddress'] }) } },
    async (req) => {
      const target = bundleFile(bundles.siteDir ?? REPO_PAGES, req.query.urlAddress);
      if (!target.ok) throw badRequest(target.reason);
      const urlAddress = target.urlAddress;
      const saved = await latestVersion(db, urlAddress);
      const site = bundleText(bundles.siteDir, urlAddress);
      const repo = bundleText(REPO_PAGES, urlAddress);
      const text = saved?.body ?? site ?? repo ?? readFileSync(TEMPLATE, 'utf8');
      let page: unknown;
      try {
        page = JSON.parse(text);
      } catch {
        throw badRequest('页面文件不是有效的 JSON');
      }
      const source = saved ? (saved.draft ? 'draft' : 'studio') : site ? 'site' : repo ? 'repo' : 'template';
      return ok({ urlAddress, page, version: saved?.version ?? 0, source, canSave: Boolean(bundles.siteDir) });
    },
  );

  app.post(
    '/api/studio/Check',
    {
      config: { access: VIEW },
      schema: { body: Type.Object({ urlAddress: address, page: pageBody }, { required: ['urlAddress', 'page'] }) },
    },
    async (req) => {
      const target = bundleFile(bundles.siteDir ?? REPO_PAGES, req.body.urlAddress);
      if (!target.ok) throw badRequest(target.reason);
      return ok({ problems: await checkPage(db, target.urlAddress, await formatPage(req.body.page), bundles.dirs, bundles.routes) });
    },
  );

  app.post(
    '/api/studio/Save',
    {
      config: { access: SAVE },
      schema: {
        body: Type.Object(
          { urlAddress: address, page: pageBody, baseVersion: version, draft: Type.Optional(Type.Boolean({ title: '草稿' })) },
          { required: ['urlAddress', 'page', 'baseVersion'] },
        ),
      },
    },
    async (req) => {
      const { urlAddress, page, baseVersion, draft = false } = req.body;
      const saved = await savePage(
        db,
        bundles,
        { urlAddress, page, baseVersion, draft },
        { userId: req.auth!.userId, account: req.auth!.account, audit: audit(req, urlAddress) },
      );
      return ok(saved, draft ? '草稿已保存' : '页面已保存');
    },
  );

  app.get(
    '/api/studio/Versions',
    { config: { access: VIEW }, schema: { querystring: Type.Object({ urlAddress: address }, { required: ['urlAddress'] }) } },
    async (req) => {
      const { urlAddress } = siteFileOf(bundles, req.query.urlAddress);
      return ok({ list: await listVersions(db, urlAddress) });
    },
  );

  // a version against the one before it and against pages-json/ (what the site changed of the product's page)
  app.get(
    '/api/studio/Diff',
    {
      config: { access: VIEW },
      schema: { querystring: Type.Object({ urlAddress: address, version: version }, { required: ['urlAddress', 'version'] }) },
    },
    async (req) => {
      const { urlAddress } = siteFileOf(bundles, req.query.urlAddress);
      const current = await getVersion(db, urlAddress, req.query.version);
      if (!current) throw notFound();
      const previous = req.query.version > 1 ? await getVersion(db, urlAddress, req.query.version - 1) : undefined;
      const repo = bundleText(REPO_PAGES, urlAddress);
      return ok({
        previous: compactDiff(lineDiff(previous?.body ?? '', current.body)),
        repo: repo === undefined ? null : compactDiff(lineDiff(repo, current.body)),
      });
    },
  );

  app.post(
    '/api/studio/Rollback',
    {
      config: { access: SAVE },
      schema: {
        body: Type.Object(
          { urlAddress: address, version: version, baseVersion: version },
          { required: ['urlAddress', 'version', 'baseVersion'] },
        ),
      },
    },
    async (req) => {
      const { urlAddress } = siteFileOf(bundles, req.body.urlAddress);
      const old = await getVersion(db, urlAddress, req.body.version);
      if (!old) throw notFound();
      const saved = await savePage(
        db,
        bundles,
        { urlAddress, page: JSON.parse(old.body), baseVersion: req.body.baseVersion, draft: false, restoredFrom: old.version },
        { userId: req.auth!.userId, account: req.auth!.account, audit: audit(req, urlAddress) },
      );
      return ok(saved, `已回滚到第 ${old.version} 版`);
    },
  );

  app.get('/api/studio/Directories', { config: { access: VIEW } }, async () => ok({ list: await menuDirectories(db) }));

  // a saved page into the menu: the entry (its permission) under a directory, granted to the caller's roles
  app.post(
    '/api/studio/Menu',
    {
      config: { access: SAVE },
      schema: {
        body: Type.Object(
          {
            parentId: Type.String({ title: '菜单目录', minLength: 1, maxLength: 64 }),
            fullName: Type.String({ title: '菜单名称', minLength: 1, maxLength: 50 }),
            enCode: Type.String({ title: '菜单编码', minLength: 1, maxLength: 50 }),
            urlAddress: address,
          },
          { required: ['parentId', 'fullName', 'enCode', 'urlAddress'] },
        ),
      },
    },
    async (req) => {
      const { urlAddress } = siteFileOf(bundles, req.body.urlAddress);
      const served = existsSync(siteFileOf(bundles, urlAddress).file) || (await latestVersion(db, urlAddress))?.draft === false;
      if (!served) throw badRequest('请先保存页面（草稿不会出现在菜单中）');
      const added = await db.transaction(async (tx) => {
        const entry = await addMenuEntry(tx, { ...req.body, urlAddress }, req.auth!.userId);
        await writeOperLog(tx, req, {
          action: 'create',
          module: 'menu',
          recordId: entry.id,
          detail: `页面工作室添加菜单：${req.body.fullName}（${urlAddress}）`,
        });
        return entry;
      });
      return ok(added, '已添加到菜单');
    },
  );
}
