import type { ErrorObject } from 'ajv';
import { legacyToCurrent } from './legacy-compat.ts';

/**
 * Validation of a page against amis's own schema (amis/schema.json with schema-overlay.ts applied).
 * Pure: the compiled validator is handed in (compile-amis-schema.ts compiles one; the CLI keeps it
 * compiled on disk), so the console, the server and the CLI judge a page alike.
 */

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

/** A compiled validator as ajv gives it: true, or false with `errors`. */
export type CompiledValidate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The two validators a check uses: a quick one that stops at the first error, and one that collects them all. */
export interface AmisSchemaValidator {
  first: CompiledValidate;
  all: CompiledValidate;
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
export function validatePageSchema(written: unknown, validator: AmisSchemaValidator): SchemaProblem[] {
  // amis's compat layer rewrites 1.x forms before rendering; so does the check (paths stay the page's own)
  const { page, writtenPath } = legacyToCurrent(written);
  if (validator.first(page)) return [];
  const all = validator.all;
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
