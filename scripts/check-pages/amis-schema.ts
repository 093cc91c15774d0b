import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

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

/**
 * The shipped schema lags the renderers in a few documented places; without these, correct
 * pages would fail: option controls' labelField/valueField/searchable, form items' requiredOn,
 * and crud's "reload" toolbar item.
 */
export function addKnownGaps(schema: Json): Json {
  const definitions = schema.definitions as Record<string, Json>;
  for (const def of Object.values(definitions)) {
    const props = def.properties as Record<string, unknown> | undefined;
    if (props && 'options' in props && 'source' in props) {
      props.labelField ??= { type: 'string' };
      props.valueField ??= { type: 'string' };
      props.searchable ??= { type: 'boolean' };
    }
    if (props && 'required' in props) props.requiredOn ??= { type: 'string' };
  }
  const toolbar = definitions.CRUDBultinToolbarType as { enum?: string[] } | undefined;
  if (toolbar?.enum && !toolbar.enum.includes('reload')) toolbar.enum.push('reload');
  return schema;
}

export interface SchemaProblem {
  path: string;
  message: string;
}

let validator: ValidateFunction | null = null;

function compile(): ValidateFunction {
  if (validator) return validator;
  const require = createRequire(import.meta.url);
  const raw = JSON.parse(readFileSync(require.resolve('amis/schema.json'), 'utf8')) as Json;
  const ajv = new Ajv({ strict: false, allErrors: false, allowUnionTypes: true });
  ajv.addSchema(openRefs(addKnownGaps(raw)), 'amis');
  validator = ajv.compile({ $ref: 'amis#/definitions/PageSchema' });
  return validator;
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

/** Validate one page against amis's own schema. Custom renderer types (pc-*) pass. */
export function validatePageSchema(page: unknown): SchemaProblem[] {
  const validate = compile();
  if (validate(page)) return [];
  // With unions ajv reports every branch it tried. The deepest concrete errors (an unknown or
  // missing property) are the ones a person can act on.
  const depth = (e: ErrorObject) => (e.instancePath ? e.instancePath.split('/').length : 0) + (e.keyword === 'required' ? 1 : 0);
  const concrete = (validate.errors ?? []).filter((e) => e.keyword === 'additionalProperties' || e.keyword === 'required');
  const pool = concrete.length ? concrete : (validate.errors ?? []);
  const deepest = Math.max(...pool.map(depth));
  const seen = new Set<string>();
  return pool
    .filter((e) => depth(e) === deepest)
    .map(describe)
    .filter((p) => !seen.has(p.path + p.message) && seen.add(p.path + p.message));
}
