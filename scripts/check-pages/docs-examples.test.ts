import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validatePageSchema } from './amis-schema.ts';

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

/**
 * Pages copied from amis's own docs (fixtures/amis-docs/, each file's source in sources.json): any
 * page amis 6.13 renders as written passes; schema-overlay.ts closes the schema's gaps.
 */
describe('pages as amis’s docs write them', () => {
  const dir = join(REPO, 'scripts/check-pages/fixtures/amis-docs');
  const sources = JSON.parse(readFileSync(join(dir, 'sources.json'), 'utf8')) as Record<string, string>;

  it('every example taken from amis’s docs passes amis’s schema as check:pages reads it', { timeout: 90_000 }, () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'sources.json');
    expect(files.length).toBeGreaterThanOrEqual(30);
    const failing = files
      .map((f) => ({ f, problems: validatePageSchema(JSON.parse(readFileSync(join(dir, f), 'utf8'))) }))
      .filter(({ problems }) => problems.length)
      .map(({ f, problems }) => `${f} (${sources[f]}): ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`);
    expect(failing).toEqual([]);
    expect(Object.keys(sources).sort()).toEqual(files.sort());
  });

  it('a 1.x form (controls, "type": "text") passes as amis’s compat layer renders it', { timeout: 90_000 }, () => {
    const page = {
      type: 'page',
      body: {
        type: 'form',
        api: '/amis/api/mock2/form/saveForm',
        controls: [
          { type: 'text', name: 'name', label: '姓名', required: true },
          { type: 'date', name: 'day', label: '日期' },
          { type: 'tpl', tpl: '说明' },
          { type: 'button', label: '重置', actionType: 'reset' },
        ],
      },
    };
    expect(validatePageSchema(page)).toEqual([]);
  });

  it('a typo in a 1.x form is reported where the page has it', { timeout: 90_000 }, () => {
    const page = { type: 'page', body: { type: 'form', controls: [{ type: 'text', name: 'a', lable: '姓名' }] } };
    expect(validatePageSchema(page)).toEqual([{ path: '/body/controls/0/lable', message: 'unknown property "lable"' }]);
  });

  it('null where amis means none, an untyped dialog and a theme’s button level pass', { timeout: 90_000 }, () => {
    const page = {
      type: 'page',
      toolbar: null,
      body: [
        {
          type: 'crud',
          api: '/amis/api/mock2/sample',
          headerToolbar: ['reload'],
          footerToolbar: null,
          columns: [{ name: 'id', label: 'ID' }],
        },
        { type: 'button', label: '打开', level: 'enhance', actionType: 'dialog', dialog: { title: '详情', body: '内容' } },
      ],
    };
    expect(validatePageSchema(page)).toEqual([]);
  });

  it('every property amis ignores is reported, not only the first', { timeout: 90_000 }, () => {
    const page = {
      type: 'page',
      titel: '拼错',
      body: [
        { type: 'tpl', tpl: 'x', visbleOn: 'true' },
        { type: 'form', body: [{ type: 'input-text', name: 'a', placehodler: '请输入' }] },
      ],
    };
    expect(validatePageSchema(page)).toEqual([
      { path: '/titel', message: 'unknown property "titel"' },
      { path: '/body/0/visbleOn', message: 'unknown property "visbleOn"' },
      { path: '/body/1/body/0/placehodler', message: 'unknown property "placehodler"' },
    ]);
  });
});
