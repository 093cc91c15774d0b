import { resolve } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { MENU_TREE } from '../../server/seed/menuTree.ts';
import { checkPages } from './check.ts';
import type { RouteRef } from './page-rules.ts';

// `npm run check:pages [bundle…]`: every page file in every bundle (SITE_PAGES first, then
// pages-json/) against amis's schema and the project's rules. Exit 1 on any problem.
const bundles = process.argv.slice(2).length
  ? process.argv.slice(2).map((b) => resolve(b))
  : [...(process.env.SITE_PAGES ? [resolve(process.env.SITE_PAGES)] : []), resolve('pages-json')];

const routes: RouteRef[] = [];
const { app } = await buildApp({ dataDir: 'memory', onRoute: (r) => routes.push(r) });
await app.ready();
await app.close();

const permissionCodes = new Set(MENU_TREE.flatMap((dir) => dir.pages.flatMap((p) => (p.buttons ?? []).map(([code]) => code))));
const menuPages = MENU_TREE.flatMap((dir) => dir.pages.filter((p) => (p.type ?? 2) === 2).map((p) => p.urlAddress ?? `${dir.enCode}/${p.enCode}`));

const { files, problems } = checkPages({ bundles, routes, permissionCodes, menuPages });
for (const p of problems) console.error(`${p.file}${p.path ? ` ${p.path}` : ''}: ${p.message}`);
console.log(`check:pages: ${files} page files in ${bundles.length} bundle(s), ${problems.length} problem(s)`);
process.exit(problems.length ? 1 : 0);
