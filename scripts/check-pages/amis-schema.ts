import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import type { ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { validatePageSchema as validatePage, type AmisSchemaValidator, type SchemaProblem } from '../../domain/pages/check/amis-schema.ts';
import { compileAmisSchemaMode } from '../../domain/pages/check/compile-amis-schema.ts';

// The CLI's copy of amis's schema compiled: domain/pages/check/ compiles it, this file keeps it on disk.

type Mode = 'first' | 'all';

const require = createRequire(import.meta.url);
/** The files whose rewrites shape the compiled schema: a change to any compiles afresh. */
const OVERLAY_SOURCES = [
  '../../domain/pages/check/schema-overlay.ts',
  '../../domain/pages/check/compile-amis-schema.ts',
  '../../domain/pages/check/amis-schema.ts',
  '../../domain/pages/check/amis-renderer-props.ts',
];
const CACHE_DIR = join(dirname(require.resolve('ajv/package.json')), '..', '.cache', 'check-pages');

/** A package's version; found beside a file it exports (amis does not export its package.json). */
function version(exported: string): string {
  return (JSON.parse(readFileSync(join(dirname(require.resolve(exported)), 'package.json'), 'utf8')) as { version: string }).version;
}

function compileFresh(mode: Mode, schemaText: string): { validate: ValidateFunction; code: string } {
  const { ajv, validate } = compileAmisSchemaMode(JSON.parse(schemaText) as Record<string, unknown>, mode, true);
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
    .update(OVERLAY_SOURCES.map((f) => readFileSync(fileURLToPath(new URL(f, import.meta.url)))).join('\0'))
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

/** amis's schema compiled, from the disk cache when it is current. */
export function amisSchemaValidator(): AmisSchemaValidator {
  return { first: validator('first'), all: validator('all') };
}

/** One page against amis's schema, with the CLI's compiled validator (tests and scripts). */
export function validatePageSchema(page: unknown): SchemaProblem[] {
  return validatePage(page, amisSchemaValidator());
}
