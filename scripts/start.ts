import { spawnSync } from 'node:child_process';
import { buildIsStale } from './build-freshness.ts';

// `npm start`: build the console when the build is missing or stale, then serve it and /api on one port.
const root = process.cwd();
const distDir = process.env.DIST_DIR ?? 'dist';
if (buildIsStale(root, distDir)) {
  console.log('Building the console (the build is missing or older than its sources)...');
  const result = spawnSync('npx', ['rsbuild', 'build'], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../server/main.ts');
