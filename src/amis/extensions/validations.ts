import { addRule } from 'amis';
import { EMAIL_MESSAGE, LINK_MESSAGE, PHONE_MESSAGE, isEmail, isLink, isPhone } from '../../domain/validators';

/** `"validations": "isPhone"` (or isMail, isLink) in page JSON, with the spec's messages. */
export function registerValidations() {
  addRule('isPhone', (_values, value) => isPhone(value), PHONE_MESSAGE);
  addRule('isMail', (_values, value) => isEmail(value), EMAIL_MESSAGE);
  addRule('isLink', (_values, value) => isLink(value), LINK_MESSAGE);
}
