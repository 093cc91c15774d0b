import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The page examples of the docs are checked like the pages they teach: `npm run check:pages` over a
 * site bundle holding them, in front of pages-json/ (whose fragments they use).
 */

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** Every JSON block of docs/pages.md that is a whole page (`"type": "page"`). */
function docPages(): string[] {
  const text = readFileSync(join(REPO, 'docs/pages.md'), 'utf8');
  return [...text.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]).filter((block) => /^\{\s*"type":\s*"page"/.test(block));
}

/** The check:pages command over a bundle of these files; what it prints and whether it passed. */
function checkPages(files: Record<string, string>): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docs-pages-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  try {
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/check-pages/cli.ts', dir], {
      cwd: REPO,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { ok: true, output };
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${stderr ?? ''}${stdout ?? ''}` };
  }
}

describe('docs', () => {
  it('the worked example of docs/pages.md passes check:pages', { timeout: 90_000 }, () => {
    const pages = docPages();
    expect(pages.length).toBeGreaterThan(0);
    const result = checkPages(Object.fromEntries(pages.map((text, i) => [`example-${i}.json`, text])));
    expect(result.output).toContain(' 0 problem(s)');
    expect(result.ok).toBe(true);
  });

  it('docs/page-template.json passes check:pages once its entity’s API and button codes exist', { timeout: 90_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'template-'));
    copyFileSync(join(REPO, 'docs/page-template.json'), join(dir, 'template.json'));
    // a site bundle declares what the reference server does not have (docs/pages.md, _check.json)
    const declared = {
      apis: [
        'GET /api/system/Example',
        'POST /api/system/Example',
        'GET /api/system/Example/:id',
        'PUT /api/system/Example/:id',
        'DELETE /api/system/Example/:id',
      ],
      permissions: ['example:add', 'example:edit', 'example:delete'],
    };
    const result = checkPages({
      'template.json': readFileSync(join(dir, 'template.json'), 'utf8'),
      '_check.json': JSON.stringify(declared),
    });
    expect(result.output).toContain(' 0 problem(s)');
    expect(result.ok).toBe(true);
  });
});
