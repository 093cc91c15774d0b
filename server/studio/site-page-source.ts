import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { bundleFile } from './bundle-path.ts';
import { readPageFile, removeStaleTemps, writePageFile } from './page-file.ts';
import { publishedPages, publishedVersion } from './page-versions.ts';
import { mirrorServed } from './save-page.ts';

const PREFIX = '/site-pages/';

/**
 * A page saved from the studio is served from the database, not from this instance's folder: every
 * instance sharing the database answers the newest saved version on the next open of the screen,
 * whichever instance saved it and whether or not its own folder has the file yet (each instance may
 * have a folder of its own). A page the studio never saved, and any other file of the bundle, is
 * the static host's as before; so is every page while the database is away.
 */
export function installSitePageSource(app: FastifyInstance, db: Db, siteDir: string): void {
  app.addHook('onRequest', async (req, reply) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url.startsWith(PREFIX)) return;
    const path = req.url.slice(PREFIX.length).split('?')[0];
    if (!path.endsWith('.json')) return;
    const target = bundleFile(siteDir, path);
    if (!target.ok) return;
    let served;
    try {
      served = await publishedVersion(db, target.urlAddress);
    } catch {
      return;
    }
    if (!served) return;
    // this instance's folder catches up in the background (another instance may have saved)
    if (readPageFile(target.file) !== served.body) void mirrorServed(db, target.urlAddress, target.file).catch(() => undefined);
    return reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(served.body);
  });
}

/**
 * At start: the bundle's files are brought to the versions the database holds (a save interrupted
 * between its commit and its file, or saved by another instance meanwhile), and temporary files of a
 * crashed save are removed. Answers the number of files written.
 */
export async function reconcileSitePages(db: Db, siteDir: string): Promise<number> {
  removeStaleTemps(siteDir);
  let written = 0;
  for (const page of await publishedPages(db)) {
    const target = bundleFile(siteDir, page.urlAddress);
    if (!target.ok || readPageFile(target.file) === page.body) continue;
    writePageFile(target.file, page.body);
    written++;
  }
  return written;
}
