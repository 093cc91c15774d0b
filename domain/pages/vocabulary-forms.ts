/**
 * The vocabulary's rules for form fields and forms (applied by applyVocabulary in ./vocabulary.ts):
 * out-of-range numbers, length limits, required fields and a form that does not pass.
 */
import { FORM_INVALID_MESSAGE, numberRangeMessage, requiredMessage } from '../field-rules';

type Node = Record<string, unknown>;

function isObject(value: unknown): value is Node {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/*
 * Bad input is never silently changed: a value out of range stays as typed and gets a message
 * beside its field; a length limit shows a counter. Messages from domain/field-rules.ts, worded
 * as the server words them.
 */

export const NUMBER_INPUTS = new Set(['input-number']);
export const COUNTED_INPUTS = new Set(['input-text', 'textarea', 'input-password', 'input-email', 'input-url']);

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * `min`, `max` and `precision: 0` on an input-number: amis would clamp −3 to the minimum and round
 * 2.5 on blur. They become validations (`minimum`, `maximum`, `isInt`) with one message, so the
 * value stays as typed and the field says what is allowed.
 */
export function numberRules(node: Node): Node {
  const min = finite(node.min);
  const max = finite(node.max);
  const integer = node.precision === 0;
  if (min === undefined && max === undefined && !integer) return node;
  if (node.validations !== undefined && !isObject(node.validations)) return node;
  const { min: _min, max: _max, ...rest } = node;
  const out: Node = integer ? (({ precision: _p, ...r }) => r)(rest) : rest;
  const message = numberRangeMessage({ min, max, integer });
  const rules: Node = {
    ...(integer ? { isInt: true } : {}),
    ...(min !== undefined ? { minimum: min } : {}),
    ...(max !== undefined ? { maximum: max } : {}),
  };
  const messages = Object.fromEntries(Object.keys(rules).map((k) => [k, message]));
  return {
    ...out,
    validations: { ...rules, ...((node.validations as Node | undefined) ?? {}) },
    validationErrors: { ...messages, ...((node.validationErrors as Node | undefined) ?? {}) },
  };
}

/** A text input with a length limit shows it (`12/50`): the limit is never a surprise. */
export function lengthCounter(node: Node): Node {
  if (finite(node.maxLength) === undefined || node.showCounter !== undefined) return node;
  return { ...node, showCounter: true };
}

/** A required field (`required`, or `requiredOn` when it holds) left empty says `<label>不能为空`, the server's words, on every screen. */
export function requiredWording(node: Node): Node {
  if (node.required !== true && !node.requiredOn) return node;
  const errors = isObject(node.validationErrors) ? node.validationErrors : {};
  if (errors.isRequired !== undefined) return node;
  return { ...node, validationErrors: { ...errors, isRequired: requiredMessage(node.label ?? node.placeholder) } };
}

/**
 * Forms: the toast of a form that does not pass points at the fields (not amis's 依赖的部分字段没有通过验证);
 * a form that leaves its screen after saving (`redirect`) and loads nothing (no `initApi`), an add
 * page, starts empty when it is opened again: its kept-alive tab would show the last record.
 */
export function formDefaults(node: Node): Node {
  const messages = isObject(node.messages) ? node.messages : {};
  let out: Node =
    messages.validateFailed === undefined ? { ...node, messages: { ...messages, validateFailed: FORM_INVALID_MESSAGE } } : node;
  if (out.redirect && out.api && !out.initApi && out.resetAfterSubmit === undefined) out = { ...out, resetAfterSubmit: true };
  return out;
}

/** Controls whose rows are sub-forms of their own (amis Combo). */
export const SUB_FORM_CONTROLS = new Set(['combo', 'input-kv', 'input-kvs']);

/**
 * A combo hands what is typed in its rows to the form at once. amis lets each row field wait 250 ms
 * before it tells its row, and on 确认 the form's flush does not wait for the row to pass the value on
 * (the row's change event is awaited first): a 确认 within 250 ms of typing sent the old value, and
 * the server refused a price that the field showed (计费规则 新增, "须填写单位价格").
 */
export function subFormChangesAtOnce(node: Node): Node {
  return node.changeImmediately === undefined ? { ...node, changeImmediately: true } : node;
}
