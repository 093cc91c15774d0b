import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Db } from '../db/database.ts';
import { MENU_TREE } from '../seed/menu-tree.ts';
import { LISTS_WITH_ACTIONS } from '../entities/row-actions.ts';
import { checkFile } from '../../scripts/check-pages/check.ts';
import type { RouteRef } from '../../domain/pages/check/index.ts';

/** A problem of the page under edit, by JSON pointer (`/body/0/columns/2/label`). */
export interface PageProblem {
  path: string;
  message: string;
}

/**
 * The page as `npm run check:pages` sees it: the same `checkFile` (amis's schema, APIs against the
 * server's routes, permission codes, forms, data-as-HTML, accessibility, row dialogs, states), on
 * a copy written to a scratch bundle placed before the site bundle and pages-json/, so the page's
 * fragments resolve as they will when served. Known permission codes are the seed's and the
 * database's buttons (a page added from the studio may use its new entry's); the routes are this
 * server's own (route-list.ts).
 */
export async function checkPage(db: Db, urlAddress: string, text: string, bundles: string[], routes: RouteRef[]): Promise<PageProblem[]> {
  const seedCodes = MENU_TREE.flatMap((dir) => dir.pages.flatMap((p) => (p.buttons ?? []).map(([code]) => code)));
  const dbCodes = (await db.query<{ code: string }>('select distinct en_code as code from menu_buttons')).rows.map((r) => r.code);
  const menuPaths = MENU_TREE.flatMap((dir) => dir.pages.map((p) => `/${dir.enCode}/${p.enCode}`));
  const scratch = mkdtempSync(join(tmpdir(), 'studio-check-'));
  try {
    const file = join(scratch, `${urlAddress}.json`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    const known = {
      routes,
      permissionCodes: new Set([...seedCodes, ...dbCodes]),
      menuPaths: new Set(menuPaths),
      listsWithActions: LISTS_WITH_ACTIONS,
    };
    // a problem inside a shared fragment names the fragment's file; the page's own have its path only
    return checkFile(file, known, [scratch, ...bundles], scratch).map((p) => ({
      path: p.file === `${urlAddress}.json` ? p.path : `${p.file}#${p.path}`,
      message: p.message,
    }));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
