import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPageDocument, type PageCheckContext } from '../../domain/pages/check/index.ts';
import { amisSchemaValidator } from '../../scripts/check-pages/amis-schema.ts';

/**
 * Pages written from amis's documented examples (tests/unit/fixtures/amis-corpus/, one file each;
 * 03 carries the visual editor's node ids, `"id": "u:…"`)
 * pass the checker as written, legacy 1.x forms and shorthands included; the same pages with one
 * mistake each are refused at the mistake's JSON path.
 */

const CORPUS = join(import.meta.dirname, 'fixtures', 'amis-corpus');
const context: PageCheckContext = { schema: amisSchemaValidator(), routes: [], permissionCodes: [] };
const corpus = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({ file, page: JSON.parse(readFileSync(join(CORPUS, file), 'utf8')) as Record<string, unknown> }));

/** Every renderer type a page uses (the `type` of each node), for the coverage the corpus claims. */
function types(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => types(n, into));
  else if (node && typeof node === 'object') {
    const { type } = node as { type?: unknown };
    if (typeof type === 'string') into.add(type);
    Object.values(node).forEach((v) => types(v, into));
  }
  return into;
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const page = (name: string) => copy(corpus.find((c) => c.file.startsWith(name))!.page) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('a corpus of valid amis pages', () => {
  it('holds at least 30 pages using at least 30 renderers', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    const used = new Set(corpus.flatMap(({ page }) => [...types(page)]));
    expect(used.size).toBeGreaterThanOrEqual(30);
  });

  it.each(corpus.map((c) => [c.file, c.page] as const))('%s passes as written', (_file, written) => {
    expect(checkPageDocument(written, context)).toEqual([]);
  });
});

describe('what amis reads and its schema leaves out', () => {
  it('passes: maxLength in a legacy controls form, labelClassName, columnsCount, a crud’s bodyClassName, clearable date ranges, a bulk action without type', () => {
    const page = {
      type: 'page',
      body: [
        {
          type: 'form',
          api: '/amis/api/mock2/form/saveForm',
          controls: [
            { type: 'text', name: 'a', label: 'A', maxLength: 20, labelClassName: 'w-sm' },
            { type: 'date-range', name: 'r', label: 'R', clearable: true },
            { type: 'checkboxes', name: 'c', label: 'C', columnsCount: 3, options: [{ label: 'x', value: 1 }] },
          ],
        },
        {
          type: 'crud',
          api: '/amis/api/mock2/sample',
          bodyClassName: 'p-2',
          bulkActions: [{ label: '批量删除', actionType: 'ajax', api: 'delete:/amis/api/mock2/sample/${ids}' }],
          columns: [{ name: 'id', label: 'ID' }],
        },
      ],
    };
    expect(checkPageDocument(page, context)).toEqual([]);
  });
});

/** One mistake each, made in a corpus page, and the JSON path the checker must name. */
const MISTAKES: { what: string; page: () => unknown; path: string; message: RegExp }[] = [
  { what: 'a misspelt page property', page: () => ({ ...page('01'), titel: '模板' }), path: '/titel', message: /unknown property "titel"/ },
  {
    what: 'a misspelt label in a legacy controls form',
    page: () => ((p) => ((p.body.controls[0].lable = '名字'), p))(page('02')),
    path: '/body/controls/0/lable',
    message: /unknown property "lable"/,
  },
  {
    what: 'a number property given text',
    page: () => ((p) => ((p.body.body[0].maxLength = 'thirty'), p))(page('03')),
    path: '/body/body/0/maxLength',
    message: /must be number/,
  },
  {
    what: 'a property no renderer of the type reads (columnsCount on a select)',
    page: () => ((p) => ((p.body.body[0].columnsCount = 3), p))(page('04')),
    path: '/body/body/0/columnsCount',
    message: /unknown property "columnsCount"/,
  },
  {
    what: 'a value outside the renderer’s choices',
    page: () => ((p) => ((p.body.mode = 'sideways'), p))(page('03')),
    path: '/body/mode',
    message: /must be equal to one of the allowed values/,
  },
  {
    what: 'a misspelt crud property',
    page: () => ((p) => ((p.body.perPgae = 20), p))(page('11')),
    path: '/body/perPgae',
    message: /unknown property "perPgae"/,
  },
  {
    what: 'a misspelt property on a bulk action written without type',
    page: () => ((p) => ((p.body.bulkActions[0].actionTyp = 'ajax'), p))(page('11')),
    path: '/body/bulkActions/0/actionTyp',
    message: /unknown property "actionTyp"/,
  },
  {
    what: 'a missing required property (tabs without their tabs)',
    page: () => ((p) => (delete p.body.tabs, p))(page('15')),
    path: '/body',
    message: /missing property "tabs"/,
  },
  {
    what: 'a wrong type (a crud’s columns as text)',
    page: () => ((p) => ((p.body.columns = 'id'), p))(page('11')),
    path: '/body/columns',
    message: /must be array/,
  },
  {
    what: 'a misspelt divider property',
    page: () => ((p) => ((p.body[3].titel = '分割'), p))(page('18')),
    path: '/body/3/titel',
    message: /unknown property "titel"/,
  },
];

describe('seeded mistakes are still named', () => {
  it.each(MISTAKES.map((m) => [m.what, m] as const))('%s', (_what, mistake) => {
    const problems = checkPageDocument(mistake.page(), context);
    expect(problems).toContainEqual({ path: mistake.path, message: expect.stringMatching(mistake.message) });
  });
});
