/**
 * What typed text inputs take (spec §5 input helpers). Pure, like the field rules beside it.
 *
 * Text is never silently changed into another number: a money or whole-number input keeps what was
 * typed, and text that is not such a number reads as a message for beside the field (`-5` is not
 * 5.00, `1e3` is not 13); a number input refuses a character that would make it something else.
 */
import { numberRangeMessage } from './field-rules';

/** What a text reads as: the value, or why it is none. */
export type Reading<T> = { ok: true; value: T } | { ok: false; message: string };

export const MONEY_NEGATIVE_MESSAGE = '金额不能小于0';
export const MONEY_DECIMALS_MESSAGE = '金额最多两位小数';
export const MONEY_TEXT_MESSAGE = '金额只能包含数字和小数点，如 12.50';
export const MONEY_TOO_LARGE_MESSAGE = '金额过大';
/** A whole-number input (minutes, days) that got a sign, a point or a letter. */
export const WHOLE_NUMBER_MESSAGE = numberRangeMessage({ min: 0, integer: true });
/** A number input refuses what is not a digit, one decimal point or a leading minus sign (`1e3`, `5-`, `1.2.3`). */
export const NUMBER_CHARS_MESSAGE = '只能输入数字、小数点和开头的负号';

/** `只能输入整数`, or `最多2位小数`: more decimals than the field keeps (amis would round them away). */
export function decimalsMessage(precision: number): string {
  return precision === 0 ? '只能输入整数' : `最多${precision}位小数`;
}

const FULL_WIDTH = /[０-９．。－]/g;

/** Full-width digits, point and minus (a Chinese keyboard's) as ASCII, and no blanks: the same number. */
function plainText(input: string): string {
  return input
    .replace(FULL_WIDTH, (c) => (c === '．' || c === '。' ? '.' : c === '－' ? '-' : String.fromCharCode(c.charCodeAt(0) - 0xfee0)))
    .replace(/\s+/g, '');
}

/** Yuan as typed (`12.5`, `.5`, `8.`, `¥8`) → integer cents; empty → undefined. */
export function readMoney(input: string): Reading<number | undefined> {
  const text = plainText(input).replace(/^[¥￥]/, '');
  if (text === '') return { ok: true, value: undefined };
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || !(m[2] || m[3])) return { ok: false, message: MONEY_TEXT_MESSAGE };
  const [, minus, whole, decimals = ''] = m;
  if (minus) return { ok: false, message: MONEY_NEGATIVE_MESSAGE };
  if (decimals.length > 2) return { ok: false, message: MONEY_DECIMALS_MESSAGE };
  const cents = Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return { ok: false, message: MONEY_TOO_LARGE_MESSAGE };
  return { ok: true, value: cents };
}

/** Cents as a money input shows them: 150 → '1.50'. */
export function showMoney(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A whole number of 0 or more as typed (minutes, days); empty → undefined. */
export function readWholeNumber(input: string): Reading<number | undefined> {
  const text = plainText(input);
  if (text === '') return { ok: true, value: undefined };
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) return { ok: false, message: WHOLE_NUMBER_MESSAGE };
  return { ok: true, value: Number(text) };
}

/** A form value a money input may hold: cents (0 or more), or yuan text (`"valueInCents": false`). */
export function moneyValueMessage(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') {
    if (value < 0) return MONEY_NEGATIVE_MESSAGE;
    return Number.isSafeInteger(value) ? null : MONEY_DECIMALS_MESSAGE;
  }
  const read = readMoney(String(value));
  return read.ok ? null : read.message;
}

/** A form value a whole-number input may hold. */
export function wholeNumberValueMessage(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? null : WHOLE_NUMBER_MESSAGE;
  const read = readWholeNumber(String(value));
  return read.ok ? null : read.message;
}

/**
 * Why a number input cannot take `next` (its whole text once a character is typed or pasted), or
 * null when it can: a plain decimal, a minus sign only in front, at most `precision` decimals.
 * Unfinished text (`-`, `1.`) is fine: the value follows once it is a number.
 */
export function numberTextRefusal(next: string, precision?: number): string | null {
  const m = /^-?\d*(?:\.(\d*))?$/.exec(next);
  if (!m) return NUMBER_CHARS_MESSAGE;
  if (precision === undefined || m[1] === undefined) return null;
  return precision === 0 || m[1].length > precision ? decimalsMessage(precision) : null;
}

export function stripWhitespace(input: string): string {
  return input.replace(/\s+/g, '');
}
