import type { AmisRegistry } from './registry';
import { moneyValueMessage, wholeNumberValueMessage } from '../../../domain/input-filters';

type Node = Record<string, unknown>;

/**
 * The console's money and whole-number inputs (src/amis/renderers/filtered-inputs.tsx) keep text that
 * is not such a number as typed (`-5`, `1e3`, `12.345`) and make it the form value; these rules say
 * what is wrong with it beside the field, so the form is not sent with another number than the one
 * typed. Every such input has its rule (typedNumberRules, a step of the schema filter).
 */
export const TYPED_NUMBER_RULES: Record<string, [rule: string, message: (value: unknown) => string | null]> = {
  'pc-input-money': ['isMoneyInput', moneyValueMessage],
  'pc-input-integer': ['isWholeNumberInput', wholeNumberValueMessage],
};

/** The rule as amis calls it: true, or an error with the message. */
export function typedNumberRule(message: (value: unknown) => string | null) {
  return (_values: unknown, value: unknown) => {
    const msg = message(value);
    return msg === null ? true : { error: true, msg };
  };
}

export function registerTypedNumbers({ addRule }: Pick<AmisRegistry, 'addRule'>) {
  for (const [rule, message] of Object.values(TYPED_NUMBER_RULES)) addRule(rule, typedNumberRule(message));
}

function isObject(value: unknown): value is Node {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** A money or whole-number input with its rule added to the page's own validations (object or `"a,b:1"` string). */
export function typedNumberRules(node: Node): Node {
  const entry = TYPED_NUMBER_RULES[String(node.type)];
  if (!entry) return node;
  const [rule] = entry;
  const own = node.validations;
  if (own === undefined || own === null || own === '') return { ...node, validations: { [rule]: true } };
  if (isObject(own)) return own[rule] !== undefined ? node : { ...node, validations: { [rule]: true, ...own } };
  if (typeof own === 'string')
    return own.split(',').some((r) => r.split(':')[0].trim() === rule) ? node : { ...node, validations: `${rule},${own}` };
  return node;
}
