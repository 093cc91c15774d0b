import { addRule, addSchemaFilter, registerFilter, registerFunction } from 'amis';
import { registerFilters } from './filters';
import { registerFunctions } from './functions';
import { registerValidations } from './validations';
import { registerSchemaDefaults } from './schema-defaults';
import { registerRenderers } from '../renderers';
import type { AmisRegistry } from './registry';

let registered = false;

/** The project's vocabulary for JSON authors: filters, formula functions, validations and renderers. */
export function registerExtensions() {
  if (registered) return;
  registered = true;
  const registry: AmisRegistry = { addRule, addSchemaFilter, registerFilter, registerFunction };
  registerFilters(registry);
  registerFunctions(registry);
  registerValidations(registry);
  registerSchemaDefaults(registry);
  registerRenderers();
}
