import { registerFilters } from './filters';
import { registerFunctions } from './functions';
import { registerValidations } from './validations';
import { registerSchemaDefaults } from './schema-defaults';
import { registerRenderers } from '../renderers';

let registered = false;

/** The project's vocabulary for JSON authors: filters, formula functions, validations and renderers. */
export function registerExtensions() {
  if (registered) return;
  registered = true;
  registerFilters();
  registerFunctions();
  registerValidations();
  registerSchemaDefaults();
  registerRenderers();
}
