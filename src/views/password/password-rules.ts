import type { MessageKey } from '../../i18n/messages';
import { isPassword } from '../../../domain/field-rules';

/** The message key for the new password, or null when it is acceptable. */
export function checkNewPassword(value: string): MessageKey | null {
  if (!value) return 'password.newRequired';
  if (!isPassword(value)) return 'password.rule';
  return null;
}

/** The message key for the confirmation, or null when it matches. */
export function checkConfirmPassword(value: string, newPassword: string): MessageKey | null {
  if (!value) return 'password.confirmRequired';
  if (value !== newPassword) return 'password.mismatch';
  return null;
}
