import { spawnSync } from 'node:child_process';
import { buildIsStale } from './build-freshness.ts';

// `npm start`: build the console when the build is missing or stale, then serve it and /api on one port.
const root = process.cwd();
const distDir = process.env.DIST_DIR ?? 'dist';
if (buildIsStale(root, distDir)) {
  console.log('Building the console (the build is missing or older than its sources), about a minute...');
  // the total size only: the list of every file (some 300 lines) is for `npm run build`
  const result = spawnSync('npx', ['rsbuild', 'build'], { stdio: 'inherit', cwd: root, env: { ...process.env, BUILD_SIZES: 'total' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// a new machine: the server first creates and seeds the database, printing its steps (server/seed/progress.ts)
await import('../server/main.ts');
