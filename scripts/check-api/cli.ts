import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serverOpenApi } from './openapi-document.ts';

// `npm run check:api`: the API description, the contract a site's own back end is built against,
// through `redocly lint` with the rules of redocly.yaml (Redocly's recommended set). Any error or
// warning fails. No network: telemetry and the update check are off.
const started = performance.now();
const dir = mkdtempSync(join(tmpdir(), 'check-api-'));
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await serverOpenApi(), null, 2));
  const redocly = resolve('node_modules/.bin/redocly');
  const run = spawnSync(redocly, ['lint', file, '--config', resolve('redocly.yaml'), '--format', 'stylish', '--max-problems', '50'], {
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  const out = `${run.stdout}${run.stderr}`;
  // redocly fails on errors only; a warning fails here too
  const warnings = /(\d+) warnings?/.exec(out)?.[1];
  const clean = run.status === 0 && !Number(warnings ?? 0);
  if (!clean) console.error(out);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(`check:api: ${clean ? 'the API description passes' : 'the API description fails'} redocly lint (recommended), ${seconds} s`);
  process.exitCode = clean ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
