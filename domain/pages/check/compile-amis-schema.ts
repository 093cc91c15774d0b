import Ajv from 'ajv';
import { openRefs, type AmisSchemaValidator, type CompiledValidate } from './amis-schema.ts';
import { applySchemaOverlay } from './schema-overlay.ts';

type Json = Record<string, unknown>;

/** The ajv instance and root validator for one mode; the CLI turns them into standalone code to keep. */
export function compileAmisSchemaMode(schema: Json, mode: 'first' | 'all', source = false) {
  // the overlay rewrites in place: each compile works on its own copy
  const copy = JSON.parse(JSON.stringify(schema)) as Json;
  const ajv = new Ajv({ strict: false, allErrors: mode === 'all', allowUnionTypes: true, code: { source } });
  ajv.addSchema(openRefs(applySchemaOverlay(copy)), 'amis');
  const validate = ajv.compile({ $ref: 'amis#/definitions/PageSchema' });
  return { ajv, validate };
}

/**
 * amis's schema (the parsed `amis/schema.json`) compiled for `checkPageDocument`. Costs about a
 * second per mode: a browser compiles once per session, the CLI keeps the result on disk.
 * ajv compiles with `new Function`, so a page running this needs a policy that allows it.
 */
export function compileAmisSchema(schema: Json): AmisSchemaValidator {
  let all: CompiledValidate | undefined;
  const first = compileAmisSchemaMode(schema, 'first').validate as CompiledValidate;
  // the collecting validator is only needed for a page that fails: compiled on first use
  const lazyAll = ((data: unknown) => {
    all ??= compileAmisSchemaMode(schema, 'all').validate as CompiledValidate;
    const ok = all(data);
    lazyAll.errors = all.errors;
    return ok;
  }) as CompiledValidate;
  return { first, all: lazyAll };
}
