import { openDatabase } from '../db/database.ts';
import { savePage } from '../studio/save-page.ts';

// Child of studio-crash.test.ts: saves a page and is killed (SIGKILL, as `kill -9`) between the
// temporary file's write and its rename, after the version's commit. Environment: STUDIO_DB
// (a PostgreSQL URL or a PGlite folder), STUDIO_SITE (the bundle), STUDIO_PAGE (the page's JSON).
const target = process.env.STUDIO_DB!.startsWith('postgres')
  ? { databaseUrl: process.env.STUDIO_DB! }
  : { dataDir: process.env.STUDIO_DB! };
const db = await openDatabase(target);
await savePage(
  db,
  {
    siteDir: process.env.STUDIO_SITE!,
    dirs: [process.env.STUDIO_SITE!, new URL('../../pages-json', import.meta.url).pathname],
    routes: [],
  },
  {
    urlAddress: 'coupon/merchant',
    page: JSON.parse(process.env.STUDIO_PAGE!),
    baseVersion: Number(process.env.STUDIO_BASE ?? 0),
    draft: false,
  },
  {
    account: 'admin',
    audit: async () => undefined,
    beforeRename: () => {
      process.stdout.write('renaming\n');
      process.kill(process.pid, 'SIGKILL');
    },
  },
);
process.stdout.write('not killed\n');
