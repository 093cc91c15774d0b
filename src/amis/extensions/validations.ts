import type { AmisRegistry } from './registry';
import {
  ACCOUNT_MESSAGE,
  BUTTON_CODE_MESSAGE,
  CODE_MAX,
  CODE_MIN,
  EMAIL_MESSAGE,
  EN_CODE_MESSAGE,
  IPV4_MESSAGE,
  LINK_MESSAGE,
  PASSWORD_MESSAGE,
  PHONE_MESSAGE,
  PLATE_MESSAGE,
  SPACE_NO_MESSAGE,
  codeMessage,
  isAccount,
  isButtonCode,
  isCode,
  isEmail,
  isEnCode,
  isIPv4,
  isLink,
  isPassword,
  isPhone,
  isPlate,
  isSpaceNo,
} from '../../../domain/field-rules';

type Rule = (value: unknown, ...args: never[]) => boolean;
type Message = string | ((...args: never[]) => string);

/** `"isCode"` alone arrives with the argument `true`: only numbers count as lengths. */
const length = (n: unknown, fallback: number) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : fallback);

/**
 * The named validations of page JSON, each the one rule in domain/field-rules.ts with its message:
 * `"validations": "isPhone"`, or with arguments `"validations": "isCode:1,20"`. `isEmail` replaces amis's
 * own e-mail rule, so there is one e-mail rule in the console.
 */
export const NAMED_VALIDATIONS: Record<string, [rule: Rule, message: Message]> = {
  isPhone: [isPhone, PHONE_MESSAGE],
  isMail: [isEmail, EMAIL_MESSAGE],
  isEmail: [isEmail, EMAIL_MESSAGE],
  isLink: [isLink, LINK_MESSAGE],
  isPlate: [isPlate, PLATE_MESSAGE],
  isPassword: [isPassword, PASSWORD_MESSAGE],
  isCode: [
    (value, min?: unknown, max?: unknown) => isCode(value, length(min, CODE_MIN), length(max, CODE_MAX)),
    (min?: unknown, max?: unknown) => codeMessage(length(min, CODE_MIN), length(max, CODE_MAX)),
  ],
  isEnCode: [isEnCode, EN_CODE_MESSAGE],
  isAccount: [isAccount, ACCOUNT_MESSAGE],
  isSpaceNo: [isSpaceNo, SPACE_NO_MESSAGE],
  isButtonCode: [isButtonCode, BUTTON_CODE_MESSAGE],
  isIPv4: [isIPv4, IPV4_MESSAGE],
};

/** The rule as amis calls it: true, or an error carrying the message (a page's validationErrors still win). */
export function amisRule(name: string) {
  const [rule, message] = NAMED_VALIDATIONS[name];
  return (_values: unknown, value: unknown, ...args: unknown[]) =>
    (rule as (...a: unknown[]) => boolean)(value, ...args) || {
      error: true,
      msg: typeof message === 'string' ? message : (message as (...a: unknown[]) => string)(...args),
    };
}

export function registerValidations({ addRule }: Pick<AmisRegistry, 'addRule'>) {
  for (const name of Object.keys(NAMED_VALIDATIONS)) addRule(name, amisRule(name));
}
