import { prepareDatabase } from '../app.ts';
import { SEED_STEPS } from '../seed/index.ts';
import { progressLine } from '../seed/progress.ts';
import type { SeedOptions } from './database.ts';

/**
 * `node first-start.ts <dataDir> [seed options as JSON]`: creates, migrates and seeds a PGlite folder, then exits.
 * The server runs it as a child on first start, so initdb's and the seed's working memory leaves
 * with the child instead of staying in the server for its whole life.
 */
const [dir, seed] = process.argv.slice(2);
// creating the database and its tables, then the seed's steps
const progress = progressLine(SEED_STEPS + 2);
const db = await prepareDatabase({ dataDir: dir, firstStartDone: true }, JSON.parse(seed || '{}') as SeedOptions, progress);
await db.close();
progress.end(`database created and seeded in ${dir}`);
