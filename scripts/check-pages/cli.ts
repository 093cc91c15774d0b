import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MENU_TREE } from '../../server/seed/menu-tree.ts';
import { saveValidatorCodeCache } from './amis-schema.ts';
import { checkPages, locatePointer, type Problem } from './check.ts';
import { serverRoutes } from './server-routes.ts';
import { LISTS_WITH_ACTIONS } from '../../server/entities/row-actions.ts';
import { ConfigError, siteOriginsOf } from '../../server/config.ts';

// `npm run check:pages [bundle…] [--fresh] [--timings]`: every file of every bundle against amis's
// schema and the project's rules. The bundles named (else SITE_PAGES) come first, then pages-json/,
// as the server serves them. `--fresh` asks the server for its routes again instead of using the
// cache; `--timings` says where the time went. Exit 1 on any problem.
const started = performance.now();
const args = process.argv.slice(2);
const fresh = args.includes('--fresh');
const named = args.filter((a) => !a.startsWith('--'));
const site = named.length ? named : process.env.SITE_PAGES ? [process.env.SITE_PAGES] : [];
const bundles = [...new Set([...site.map((b) => resolve(b)), resolve('pages-json')])];

// the deployment's allowed origins, read as the server reads them: a bundle's `_check.json` is held to them
let siteOrigins;
try {
  siteOrigins = siteOriginsOf(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? `Configuration: ${error.message}` : error);
  process.exit(1);
}

const routes = await serverRoutes({ fresh });
const routesDone = performance.now();
const pages = MENU_TREE.flatMap((dir) => dir.pages.map((p) => ({ dir, page: p }))).filter(({ page }) => (page.type ?? 2) === 2);
const permissionCodes = new Set(MENU_TREE.flatMap((dir) => dir.pages.flatMap((p) => (p.buttons ?? []).map(([code]) => code))));
const menuPages = pages.map(({ dir, page }) => page.urlAddress ?? `${dir.enCode}/${page.enCode}`);
const menuPaths = pages.map(({ dir, page }) => `/${dir.enCode}/${page.enCode}`);

const { files, problems } = checkPages({
  bundles,
  routes,
  permissionCodes,
  menuPages,
  menuPaths,
  listsWithActions: LISTS_WITH_ACTIONS,
  siteOrigins,
});
const checked = performance.now();
saveValidatorCodeCache();
if (args.includes('--timings')) {
  const ms = (a: number, b: number) => `${Math.round(b - a)} ms`;
  console.log(`server routes ${ms(started, routesDone)}, pages ${ms(routesDone, checked)}, code cache ${ms(checked, performance.now())}`);
}
/** `file:line:column /json/path: message`, so an editor or terminal can jump to it. */
function show(p: Problem): string {
  let where = '';
  try {
    const at = locatePointer(readFileSync(p.file, 'utf8'), p.path);
    if (at) where = `:${at.line}:${at.column}`;
  } catch {
    // the file of a missing page: no position
  }
  return `${p.file}${where}${p.path ? ` ${p.path}` : ''}: ${p.message}`;
}
for (const p of problems) console.error(show(p));
const seconds = ((performance.now() - started) / 1000).toFixed(2);
console.log(`check:pages: ${files} page files in ${bundles.length} bundle(s), ${problems.length} problem(s), ${seconds} s`);
process.exit(problems.length ? 1 : 0);
