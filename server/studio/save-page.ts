import type { Db } from '../db/database.ts';
import type { RouteRef } from '../../domain/pages/check/index.ts';
import { ApiError, badRequest } from '../lib/envelope.ts';
import { bundleFile } from './bundle-path.ts';
import { checkPage } from './page-check.ts';
import { formatPage, readPageFile, writePageFile } from './page-file.ts';
import { insertVersion, latestVersion, lockPage, publishedVersion } from './page-versions.ts';

/** Where the studio saves: the site bundle (SITE_PAGES) and every bundle in the order pages are looked up. */
export interface StudioBundles {
  siteDir: string | undefined;
  /** bundle folders, site first, pages-json/ last (fragments resolve through them) */
  dirs: string[];
  /** this server's /api routes, which a page's APIs are checked against (route-list.ts) */
  routes: RouteRef[];
}

export interface SaveInput {
  urlAddress: string;
  page: unknown;
  /** the newest version the editor started from (0 for a page never saved): a newer one refuses the save */
  baseVersion: number;
  draft: boolean;
  restoredFrom?: number;
}

export interface Saver {
  userId?: string;
  account: string;
  /** the operation-log row, written in the save's transaction */
  audit: (tx: Db, detail: string) => Promise<void>;
  /** tests only: runs between the temporary file's write and its rename */
  beforeRename?: () => void;
}

/** `restoredFrom` of the version that keeps the page as it was before its first save in the studio */
export const ORIGINAL = 0;

export const SITE_PAGES_MISSING = '未配置站点页面目录（SITE_PAGES），无法保存页面';

export function siteFileOf(bundles: StudioBundles, urlAddress: unknown): { urlAddress: string; file: string } {
  if (!bundles.siteDir) throw badRequest(SITE_PAGES_MISSING);
  const path = bundleFile(bundles.siteDir, urlAddress);
  if (!path.ok) throw badRequest(path.reason);
  return path;
}

/**
 * Saves a page: checked (unless a draft), a new version row and its operation-log row in one
 * transaction under the page's lock, refused when someone saved a newer version meanwhile; then the
 * bundle's file is brought to the served version. The database is the record and the file its
 * mirror: a crash at any step leaves the file at an older served version at worst, which the next
 * start (or the next request for the page) writes again (site-page-source.ts).
 */
export async function savePage(db: Db, bundles: StudioBundles, input: SaveInput, saver: Saver): Promise<{ version: number }> {
  const { urlAddress, file } = siteFileOf(bundles, input.urlAddress);
  if (!input.page || typeof input.page !== 'object' || Array.isArray(input.page)) throw badRequest('页面必须是一个 JSON 对象');
  const body = await formatPage(input.page);
  if (!input.draft) {
    const problems = await checkPage(db, urlAddress, body, bundles.dirs, bundles.routes);
    if (problems.length) throw new ApiError(400, `页面未通过检查（${problems.length} 个问题），可保存为草稿`, { problems });
  }
  const version = await db.transaction(async (tx) => {
    const newest = await lockPage(tx, urlAddress);
    if (newest !== input.baseVersion) {
      const other = await latestVersion(tx, urlAddress);
      throw new ApiError(
        409,
        `该页面已由 ${other?.account ?? '他人'} 于 ${other?.createdAt ?? ''} 保存为第 ${newest} 版，请先载入最新版本再保存`,
        {
          version: newest,
        },
      );
    }
    let next = newest + 1;
    // the first save keeps the page as it was (the site's file or pages-json/'s) as version 1, to roll back to
    const original =
      newest === 0
        ? bundles.dirs
            .map((dir) => bundleFile(dir, urlAddress))
            .map((p) => p.ok && readPageFile(p.file))
            .find(Boolean)
        : undefined;
    if (original) {
      await insertVersion(tx, { urlAddress, version: next++, body: original, draft: false, restoredFrom: ORIGINAL, ...saver });
    }
    await insertVersion(tx, { urlAddress, version: next, body, draft: input.draft, restoredFrom: input.restoredFrom, ...saver });
    const what = input.restoredFrom ? `回滚到第 ${input.restoredFrom} 版` : input.draft ? '保存草稿' : '保存';
    await saver.audit(tx, `页面工作室${what}：${urlAddress}（第 ${next} 版）`);
    return next;
  });
  if (!input.draft) await mirrorServed(db, urlAddress, file, saver.beforeRename);
  return { version };
}

const writing = new Map<string, Promise<void>>();

/**
 * Brings the bundle's file to the page's served version. Writes of one file queue in this process
 * and each writes what is served when its turn comes, so two saves finishing out of order still
 * leave the newest text.
 */
export function mirrorServed(db: Db, urlAddress: string, file: string, beforeRename?: () => void): Promise<void> {
  const turn = (writing.get(file) ?? Promise.resolve()).then(async () => {
    const served = await publishedVersion(db, urlAddress);
    if (served && readPageFile(file) !== served.body) writePageFile(file, served.body, beforeRename);
  });
  const settled = turn.catch(() => undefined);
  writing.set(file, settled);
  void settled.then(() => writing.get(file) === settled && writing.delete(file));
  return turn;
}
