import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pointerSpan } from '../../domain/pages/json-pointer-span.ts';
import { ROUTE_FILE_NAME } from '../../domain/pages/route-file.ts';
import { jsonSyntaxProblem, parseRouteFile } from '../../domain/pages/route-file-text.ts';
import { isPattern } from '../../domain/pages/path-pattern.ts';
import { findHostRoute } from '../../domain/pages/host-routes.ts';
import { FRAGMENT_FOLDER } from '../../domain/pages/page-fragments.ts';
import { fragmentAddress, parseSource, type FragmentFile } from '../../domain/pages/page-fragments.ts';
import type { SiteOrigins } from '../../domain/site-origins.ts';
import {
  checkDeclaredOrigins,
  checkPageDocument,
  CHECK_FILE_NAME,
  parseCheckFile,
  type BundleDeclarations,
  type RouteRef,
} from '../../domain/pages/check/index.ts';
import { amisSchemaValidator } from './amis-schema.ts';

export interface Problem {
  /** the file, relative to the root */
  file: string;
  /** JSON pointer inside the file ('' for the whole file) */
  path: string;
  message: string;
}

export interface CheckInput {
  /** bundle folders, in resolution order (a site bundle first, pages-json/ last) */
  bundles: string[];
  /** the reference server's routes */
  routes: RouteRef[];
  /** button codes of the menu seed */
  permissionCodes: Set<string>;
  /** urlAddress of every page-type menu entry in the seed */
  menuPages: string[];
  /** path of every page-type menu entry in the seed (`/parking/parkingAdmin`) */
  menuPaths?: string[];
  /** the server's lists whose rows answer `actions` (server/entities/row-actions.ts) */
  listsWithActions?: readonly string[];
  /** the deployment's SITE_API_ORIGINS / SITE_IMAGE_ORIGINS: a bundle's declared origins are held to them */
  siteOrigins?: SiteOrigins;
  root?: string;
}

/** What a bundle may use: the seed and the reference server, plus what its `_check.json` declares. */
interface Known {
  routes: RouteRef[];
  permissionCodes: Set<string>;
  menuPaths: Set<string>;
  listsWithActions?: readonly string[];
  /** other origins the bundle declares; without them, a page's other origins are not judged */
  origins?: SiteOrigins;
}

/** Page files of a bundle; names starting with "_" are the bundle's own files, not pages. */
function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return listJson(full);
    return name.endsWith('.json') ? [full] : [];
  });
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** Where a JSON pointer starts in a text (1-based line and column), for the report; undefined when it cannot be told. */
export function locatePointer(text: string, pointer: string): { line: number; column: number } | undefined {
  if (!pointer) return undefined;
  const span = pointerSpan(text, pointer);
  return span && lineColumn(text, span.start);
}

/** Syntax first: a file that does not parse is reported with every syntax error and nothing else. */
function readJson(file: string): { text: string; value?: unknown; problems: Omit<Problem, 'file'>[] } {
  const text = readFileSync(file, 'utf8');
  const syntax = jsonSyntaxProblem(text);
  if (syntax) return { text, problems: [{ path: '', message: syntax.message }] };
  return { text, value: JSON.parse(text) as unknown, problems: [] };
}

/** A fragment from disk: the first bundle that has it wins. */
export function readFragment(bundles: string[], name: string): FragmentFile {
  const tried = bundles.map((bundle) => join(bundle, `${fragmentAddress(name)}.json`));
  const file = tried.find((f) => existsSync(f));
  return file ? parseSource(file, readFileSync(file, 'utf8'), '片段文件') : { kind: 'missing', tried };
}

/** Every problem of one page file: the file read from disk, then the shared checker (domain/pages/check/). */
export function checkFile(file: string, known: Known, bundles: string[], root: string): Problem[] {
  const shown = relative(root, file);
  const { text, value, problems } = readJson(file);
  if (problems.length) return problems.map((p) => ({ file: shown, ...p }));
  const found = checkPageDocument(value, {
    schema: amisSchemaValidator(),
    routes: known.routes,
    permissionCodes: known.permissionCodes,
    listsWithActions: known.listsWithActions,
    origins: known.origins,
    fragment: (name) => readFragment(bundles, name),
    file,
    text,
  });
  return found.map(({ file: other, ...p }) => ({ file: other ? relative(root, other) : shown, ...p }));
}

function pointerValue(value: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value);
}

function pageExists(bundles: string[], urlAddress: string): boolean {
  return bundles.some((bundle) => existsSync(join(bundle, `${urlAddress}.json`)));
}

/** A bundle's route file: its own format, then pages that exist, codes and menus that are known, paths the console does not own. */
function checkRouteFile(file: string, known: Known, bundles: string[], seedMenuPaths: Set<string>): Omit<Problem, 'file'>[] {
  const { text, value, problems } = readJson(file);
  if (problems.length) return problems;
  // "permission": "a:b" or ["a:b", …]: the pointer names the string or the array item
  const codePath = (at: string, i: number) =>
    typeof pointerValue(value, `${at}/permission`) === 'string' ? `${at}/permission` : `${at}/permission/${i}`;
  const parsed = parseRouteFile(text, file);
  const out: Omit<Problem, 'file'>[] = [...parsed.problems];
  for (const route of parsed.routes) {
    if (!pageExists(bundles, route.urlAddress))
      out.push({ path: `${route.at}/urlAddress`, message: `page "${route.urlAddress}" has no file in any bundle` });
    const codes = [
      ...route.permission.map((code, i) => ({ code, path: codePath(route.at, i) })),
      ...route.variants.flatMap((v, vi) =>
        (v.permission ?? []).map((code, i) => ({ code, path: codePath(`${route.at}/variants/${vi}`, i) })),
      ),
    ];
    for (const { code, path } of codes) {
      if (!known.permissionCodes.has(code))
        out.push({ path, message: `unknown permission code "${code}" (not in the menu seed nor in ${CHECK_FILE_NAME})` });
    }
    if (route.menu !== undefined && !known.menuPaths.has(route.menu))
      out.push({ path: `${route.at}/menu`, message: `no menu screen "${route.menu}" (not in the menu seed nor in ${CHECK_FILE_NAME})` });
    const host = findHostRoute(route.path);
    if (host && !isPattern(route.path))
      out.push({
        path: `${route.at}/path`,
        message: `"${route.path}" is the console's own route (${host.name}); this route would never open`,
      });
    else if (seedMenuPaths.has(route.path))
      out.push({ path: `${route.at}/path`, message: `"${route.path}" is a menu screen; this route would never open` });
  }
  return out;
}

const TRANSLATION_FOLDER = '_i18n';
const LOCALE_FILE = /^[a-z]{2}-[A-Z]{2}\.json$/;

/** A translation table (docs/pages.md, Language): `{"texts": {"<Chinese>": "<translation>"}}` per locale. */
function checkTranslationTable(file: string): Omit<Problem, 'file'>[] {
  if (!LOCALE_FILE.test(basename(file)))
    return [{ path: '', message: 'a translation table is named for its locale, e.g. _i18n/en-US.json' }];
  const { value, problems } = readJson(file);
  if (problems.length) return problems;
  const texts = value && typeof value === 'object' ? (value as { texts?: unknown }).texts : undefined;
  if (!texts || typeof texts !== 'object' || Array.isArray(texts))
    return [{ path: '', message: 'a translation table is {"texts": {"<中文>": "<translation>"}}' }];
  return Object.entries(texts)
    .filter(([, v]) => typeof v !== 'string')
    .map(([k]) => ({ path: `/texts/${k}`, message: 'a translation is a string' }));
}

/**
 * Validate every page file of every bundle, each bundle's route file and `_check.json`, and that
 * every seeded menu page has a file. Every problem of every file, each with file and JSON path.
 */
export function checkPages(input: CheckInput): { files: number; problems: Problem[] } {
  // files: page files; the bundle's own files (_routes.json, _check.json, _fragments/) are checked but not counted
  const root = input.root ?? process.cwd();
  const problems: Problem[] = [];
  const seedMenuPaths = new Set(input.menuPaths ?? []);
  const add = (file: string, list: Omit<Problem, 'file'>[]) => problems.push(...list.map((p) => ({ file: relative(root, file), ...p })));
  let files = 0;
  for (const bundle of input.bundles) {
    const declared: BundleDeclarations = { apis: [], permissions: [], menus: [], origins: { api: [], image: [] } };
    const declarations = join(bundle, CHECK_FILE_NAME);
    if (existsSync(declarations)) {
      const { value, problems: syntax } = readJson(declarations);
      if (syntax.length) add(declarations, syntax);
      else {
        const parsed = parseCheckFile(value);
        Object.assign(declared, parsed.declarations);
        add(declarations, parsed.problems);
        if (input.siteOrigins) add(declarations, checkDeclaredOrigins(parsed.declarations.origins, input.siteOrigins));
      }
    }
    const known: Known = {
      routes: [...input.routes, ...declared.apis],
      permissionCodes: new Set([...input.permissionCodes, ...declared.permissions]),
      menuPaths: new Set([...seedMenuPaths, ...declared.menus]),
      listsWithActions: input.listsWithActions,
      origins: declared.origins,
    };
    for (const file of listJson(bundle)) {
      const name = relative(bundle, file);
      if (name === CHECK_FILE_NAME) continue;
      const parts = name.split(/[\\/]/);
      if (name === ROUTE_FILE_NAME) add(file, checkRouteFile(file, known, input.bundles, seedMenuPaths));
      else if (parts[0] === FRAGMENT_FOLDER) {
        // a shared fragment is checked inside each page that includes it (page-vocabulary.ts)
      } else if (parts[0] === TRANSLATION_FOLDER && parts.length === 2) {
        add(file, checkTranslationTable(file));
      } else if (parts.some((part) => part.startsWith('_'))) {
        add(file, [
          {
            path: '',
            message: `names starting with "_" are reserved for the bundle's own files (${ROUTE_FILE_NAME}, ${CHECK_FILE_NAME}, ${FRAGMENT_FOLDER}/, ${TRANSLATION_FOLDER}/)`,
          },
        ]);
      } else {
        files++;
        problems.push(...checkFile(file, known, input.bundles, root));
      }
    }
  }
  for (const urlAddress of input.menuPages) {
    if (!pageExists(input.bundles, urlAddress)) {
      problems.push({
        file: relative(root, join(input.bundles.at(-1) ?? '.', `${urlAddress}.json`)),
        path: '',
        message: `menu entry urlAddress "${urlAddress}" has no page file in any bundle`,
      });
    }
  }
  return { files, problems };
}
