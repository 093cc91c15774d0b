import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { applySchemaOverlay } from './schema-overlay.ts';
import { legacyToCurrent } from './legacy-compat.ts';

type Json = Record<string, unknown>;

/**
 * amis ships a draft-07 schema that, as is, rejects every page: definitions put
 * `additionalProperties: true` beside a `$ref` whose target forbids extra properties
 * (editors merge those; ajv does not). Point such nodes at a copy of the target
 * without `additionalProperties`, so typos like `titel` are still caught elsewhere.
 */
export function openRefs(schema: Json): Json {
  const definitions = schema.definitions as Record<string, Json>;
  const opened = new Set<string>();
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const obj = node as Json;
    if (typeof obj.$ref === 'string' && obj.additionalProperties === true) {
      const name = obj.$ref.replace('#/definitions/', '');
      opened.add(name);
      const rest = Object.fromEntries(Object.entries(obj).filter(([k]) => k !== 'additionalProperties' && k !== '$ref'));
      return { ...walkObject(rest), $ref: `#/definitions/${name}__open` };
    }
    return walkObject(obj);
  };
  const walkObject = (obj: Json): Json => Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, walk(v)]));
  const out = walk(schema) as Json;
  const outDefs = out.definitions as Record<string, Json>;
  for (const name of opened) {
    const target = definitions[name];
    if (!target) continue;
    const { additionalProperties: _drop, ...open } = outDefs[name] ?? target;
    outDefs[`${name}__open`] = open;
  }
  delete out.$schema;
  return out;
}

export interface SchemaProblem {
  path: string;
  message: string;
}

type Mode = 'first' | 'all';

const require = createRequire(import.meta.url);
const CACHE_DIR = join(dirname(require.resolve('ajv/package.json')), '..', '.cache', 'check-pages');

/** A package's version; found beside a file it exports (amis does not export its package.json). */
function version(exported: string): string {
  return (JSON.parse(readFileSync(join(dirname(require.resolve(exported)), 'package.json'), 'utf8')) as { version: string }).version;
}

function compileFresh(mode: Mode, schemaText: string): { validate: ValidateFunction; code: string } {
  const raw = JSON.parse(schemaText) as Json;
  const ajv = new Ajv({ strict: false, allErrors: mode === 'all', allowUnionTypes: true, code: { source: true } });
  ajv.addSchema(openRefs(applySchemaOverlay(raw)), 'amis');
  const validate = ajv.compile({ $ref: 'amis#/definitions/PageSchema' });
  return { validate, code: standaloneCode(ajv, validate) };
}

interface Loaded {
  validate: ValidateFunction;
  /** writes V8's compiled code beside the validator once it has run, for the next start */
  saveCodeCache?: () => void;
}

/** Runs generated CommonJS through vm so V8 can keep its compiled code between runs (Node 20 has no module compile cache). */
function runModule(file: string, code: string, cacheFile: string): Loaded {
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(`(function (exports, require, module) {${code}\n})`, { filename: file, cachedData });
  const module = { exports: {} as unknown };
  (script.runInThisContext() as (e: unknown, r: NodeRequire, m: { exports: unknown }) => void)(module.exports, require, module);
  const needsCache = !cachedData || script.cachedDataRejected;
  return {
    validate: module.exports as ValidateFunction,
    saveCodeCache: needsCache ? () => writeAtomically(cacheFile, script.createCachedData()) : undefined,
  };
}

function writeAtomically(file: string, data: string | Buffer) {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch {
    // a read-only node_modules only costs the next run the compile again
  }
}

/**
 * Compiling amis's 950 KB schema takes ajv over a second, so the compiled validator is kept as
 * ajv standalone code in node_modules/.cache/check-pages, keyed by the schema's bytes, ajv's
 * version, this file and schema-overlay.ts (the rewrites of the schema). A new amis, ajv or rewrite compiles afresh.
 */
function loadValidator(mode: Mode): Loaded {
  const schemaText = readFileSync(require.resolve('amis/schema.json'), 'utf8');
  const key = createHash('sha256')
    .update(schemaText)
    .update(version('ajv/package.json'))
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(readFileSync(fileURLToPath(new URL('./schema-overlay.ts', import.meta.url))))
    .update(mode)
    .digest('hex')
    .slice(0, 16);
  const prefix = `amis-validator-${mode}-`;
  const file = join(CACHE_DIR, `${prefix}${version('amis/schema.json')}-${key}.cjs`);
  const codeCache = `${file}.${process.version}.v8`;
  if (existsSync(file)) {
    try {
      return runModule(file, readFileSync(file, 'utf8'), codeCache);
    } catch {
      // damaged: compile again below
    }
  }
  const { validate, code } = compileFresh(mode, schemaText);
  try {
    if (existsSync(CACHE_DIR))
      for (const old of readdirSync(CACHE_DIR)) if (old.startsWith(prefix)) rmSync(join(CACHE_DIR, old), { force: true });
  } catch {
    // another run may be tidying too
  }
  writeAtomically(file, code);
  return { validate };
}

const loaded: Partial<Record<Mode, Loaded>> = {};

function validator(mode: Mode): ValidateFunction {
  loaded[mode] ??= loadValidator(mode);
  return loaded[mode].validate;
}

/** Keeps V8's compiled validator code for the next run (call once the pages are checked). */
export function saveValidatorCodeCache() {
  for (const entry of Object.values(loaded)) {
    entry?.saveCodeCache?.();
    if (entry) entry.saveCodeCache = undefined;
  }
}

/** The unknown property an error is really about, when ajv's message buries it. */
function describe(error: ErrorObject): SchemaProblem {
  const path = error.instancePath || '/';
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty?: string }).additionalProperty;
    return { path: `${path === '/' ? '' : path}/${extra}`, message: `unknown property "${extra}"` };
  }
  if (error.keyword === 'required') {
    return { path, message: `missing property "${(error.params as { missingProperty?: string }).missingProperty}"` };
  }
  return { path, message: error.message ?? error.keyword };
}

const META_KEYWORDS = new Set(['anyOf', 'oneOf', 'if', 'not']);

/**
 * The errors a person can act on, from ajv's report with allErrors. With unions ajv reports every
 * branch it tried. An unknown property is noise when another branch accepted that very property
 * and found a problem inside it: that branch is the one meant, so the rejecting branch's errors at
 * that node (same schema path) are dropped. Unknown and missing properties are the concrete
 * problems; only without any, the deepest remaining errors are shown.
 */
export function actionableErrors(errors: ErrorObject[]): SchemaProblem[] {
  // the schema overlay lets any property be null; "must be null" only says the other branch failed
  errors = errors.filter((e) => !(e.keyword === 'type' && (e.params as { type?: string }).type === 'null'));
  const concrete = errors.filter((e) => e.keyword === 'additionalProperties' || e.keyword === 'required');
  const deeperThan = (path: string) => concrete.some((o) => o.instancePath.startsWith(`${path}/`));
  const rejected = new Set<string>();
  for (const e of concrete) {
    const extra = (e.params as { additionalProperty?: string }).additionalProperty;
    // a branch that refused a property another branch looked inside, or that wants a property
    // where another branch went deeper, is not the branch the page means
    const noise =
      e.keyword === 'required'
        ? deeperThan(e.instancePath)
        : extra !== undefined &&
          (concrete.some((o) => o.instancePath === `${e.instancePath}/${extra}`) || deeperThan(`${e.instancePath}/${extra}`));
    if (noise) rejected.add(`${e.instancePath}#${e.schemaPath}`);
  }
  let pool = concrete.filter((e) => !rejected.has(`${e.instancePath}#${e.schemaPath}`));
  if (!pool.length) {
    const plain = errors.filter((e) => !META_KEYWORDS.has(e.keyword));
    const candidates = plain.length ? plain : errors;
    const depth = (e: ErrorObject) => (e.instancePath ? e.instancePath.split('/').length : 0);
    const deepest = Math.max(...candidates.map(depth));
    pool = candidates.filter((e) => depth(e) === deepest);
  }
  const seen = new Set<string>();
  return pool.map(describe).filter((p) => !seen.has(p.path + p.message) && seen.add(p.path + p.message));
}

/**
 * Validate one page against amis's own schema; every problem of the page, not only the first.
 * Custom renderer types (pc-*) pass. A quick first-error pass answers valid pages; only a failing
 * page is validated again collecting all errors.
 */
export function validatePageSchema(written: unknown): SchemaProblem[] {
  // amis's compat layer rewrites 1.x forms before rendering; so does the check (paths stay the page's own)
  const { page, writtenPath } = legacyToCurrent(written);
  if (validator('first')(page)) return [];
  const all = validator('all');
  if (all(page)) return [];
  return inDocumentOrder(
    written,
    actionableErrors(all.errors ?? []).map((p) => ({ ...p, path: writtenPath(p.path) })),
  );
}

/** Problems in the order their nodes appear in the page, as a reader meets them. */
function inDocumentOrder(page: unknown, problems: SchemaProblem[]): SchemaProblem[] {
  const order = new Map<string, number>();
  const walk = (node: unknown, path: string) => {
    order.set(path, order.size);
    if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, `${path}/${k}`);
  };
  walk(page, '');
  const rank = (path: string) => order.get(path === '/' ? '' : path) ?? order.get(path.slice(0, path.lastIndexOf('/'))) ?? Infinity;
  return [...problems].sort((a, b) => rank(a.path) - rank(b.path));
}
