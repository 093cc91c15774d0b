import { spawn } from 'node:child_process';
import { buildIsStale } from './build-freshness.ts';
import { readConfig } from '../server/config.ts';
import { appOptionsOf } from '../server/app-options.ts';
import { seedOptionsOf } from '../server/app.ts';
import { firstStartBeside, isFreshFolder, ownFolder } from '../server/db/database.ts';
import { warnOnOldNode } from '../server/lib/node-version.ts';

// `npm start`: build the console when the build is missing or stale, then serve it and /api on one port.
// On a new machine the build and the database's creation run side by side (each mostly one core).
const root = process.cwd();
const distDir = process.env.DIST_DIR ?? 'dist';

function build(): Promise<void> {
  console.log('Building the console (the build is missing or older than its sources)...');
  // the total size only: the list of every file (some 300 lines) is for `npm run build`
  const child = spawn('npx', ['rsbuild', 'build'], { stdio: 'inherit', cwd: root, env: { ...process.env, BUILD_SIZES: 'total' } });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the build failed (exit ${code})`))));
  });
}

/** A new PGlite folder, created and seeded now (its steps print as they go: server/seed/progress.ts); else nothing. */
function createDatabase(): Promise<void> {
  const config = readConfig();
  const options = appOptionsOf(config);
  const dir = config.apiTarget || !options.database ? null : ownFolder(options.database);
  if (!dir || !isFreshFolder(dir)) return Promise.resolve();
  return firstStartBeside(dir, seedOptionsOf(options));
}

warnOnOldNode();
try {
  await Promise.all([buildIsStale(root, distDir) ? build() : Promise.resolve(), createDatabase()]);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
await import('../server/main.ts');
