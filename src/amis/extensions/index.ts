import { addRule, addSchemaFilter, registerFilter, registerFunction, Evaluator, registerTplEnginer, Html } from 'amis';
import { registerFilters } from './filters';
import { registerFunctions } from './functions';
import { registerValidations } from './validations';
import { registerSchemaDefaults } from './schema-defaults';
import { registerEscaping } from './escaping';
import { registerRenderers } from '../renderers';
import type { AmisRegistry } from './registry';

let registered = false;

/** The project's vocabulary for JSON authors: filters, formula functions, validations and renderers; data shown as text (escaping.ts). */
export function registerExtensions() {
  if (registered) return;
  registered = true;
  registerEscaping({ Evaluator, registerTplEnginer, Html });
  const registry: AmisRegistry = { addRule, addSchemaFilter, registerFilter, registerFunction };
  registerFilters(registry);
  registerFunctions(registry);
  registerValidations(registry);
  registerSchemaDefaults(registry);
  registerRenderers();
}
