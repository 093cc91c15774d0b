import {
  addRule,
  addSchemaFilter,
  registerFilter,
  registerFunction,
  Evaluator,
  registerTplEnginer,
  Html,
  DatePicker,
  DateRangePicker,
  NumberInput,
  PopOver,
  Select,
  extendLocale,
  getRendererByName,
} from 'amis';
import { registerFilters } from './filters';
import { registerFunctions } from './functions';
import { registerValidations } from './validations';
import { registerSchemaDefaults } from './schema-defaults';
import { registerEscaping } from './escaping';
import { letDatesBeTyped } from './date-typing';
import { letNumbersBeTypedAsTheyAre } from './number-typing';
import { registerTypedNumbers } from './typed-numbers';
import { registerLookupWording } from './lookup-names';
import { patchCrudWhenLoaded } from './per-page-words';
import { registerRenderers } from '../renderers';
import { startAccessibility } from '../a11y';
import { listboxForSelects, noMadeUpPopoverRole } from '../a11y/select-listbox';
import type { AmisRegistry } from './registry';

let registered = false;

/** The project's vocabulary for JSON authors: filters, formula functions, validations and renderers; data shown as text (escaping.ts); date-times that can be typed (date-typing.ts); numbers never silently changed (number-typing.ts, typed-numbers.ts); lookups that say what failed (lookup-names.ts); a phone's per-page select in the page's language (per-page-words.ts); controls and dialogs a keyboard and a screen reader can use (../a11y). */
export function registerExtensions() {
  if (registered) return;
  registered = true;
  registerEscaping({ Evaluator, registerTplEnginer, Html });
  letDatesBeTyped([DatePicker, DateRangePicker]);
  letNumbersBeTypedAsTheyAre(NumberInput);
  startAccessibility();
  listboxForSelects(Select);
  noMadeUpPopoverRole(PopOver);
  patchCrudWhenLoaded(getRendererByName('crud'));
  const registry: AmisRegistry = { addRule, addSchemaFilter, registerFilter, registerFunction };
  registerFilters(registry);
  registerFunctions(registry);
  registerValidations(registry);
  registerTypedNumbers(registry);
  registerLookupWording(extendLocale);
  registerSchemaDefaults(registry);
  registerRenderers();
}
