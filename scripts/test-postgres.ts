import { spawnSync } from 'node:child_process';

// `npm run test:pg`: the server tests again on a real PostgreSQL, when TEST_DATABASE_URL names one
// (a superuser URL: each test file gets its own database copied from a template). .ci/run starts one.
const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('test:pg: TEST_DATABASE_URL is not set; the server tests ran on PGlite only.');
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, SERVER_TESTS_ON_POSTGRES: '1' },
});
process.exit(run.status ?? 1);
