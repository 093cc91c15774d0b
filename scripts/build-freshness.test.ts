import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIsStale } from './build-freshness.ts';

function project() {
  const root = mkdtempSync(join(tmpdir(), 'fresh-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'main.tsx'), 'x');
  return root;
}

describe('build freshness', () => {
  it('is stale when there is no build', () => {
    expect(buildIsStale(project())).toBe(true);
  });

  it('is fresh when the build is newer than every source', () => {
    const root = project();
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), 'x');
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(root, 'src', 'main.tsx'), old, old);
    utimesSync(join(root, 'src'), old, old);
    expect(buildIsStale(root)).toBe(false);
  });

  it('is stale when a source changed after the build', () => {
    const root = project();
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), 'x');
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(root, 'dist', 'index.html'), old, old);
    expect(buildIsStale(root)).toBe(true);
  });

  it("is stale when one of the build's plugins changed after the build", () => {
    const root = project();
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), 'x');
    const old = new Date(Date.now() - 60_000);
    for (const path of [join(root, 'src', 'main.tsx'), join(root, 'src'), join(root, 'dist', 'index.html')]) utimesSync(path, old, old);
    mkdirSync(join(root, 'scripts', 'build'), { recursive: true });
    writeFileSync(join(root, 'scripts', 'build', 'precompress.ts'), 'x');
    expect(buildIsStale(root)).toBe(true);
  });
});
