import type { MessageKey } from '../../i18n/messages';

/** Spec §5: at least 6 characters, at least one digit and one letter, no whitespace. */
const STRONG_ENOUGH = /^(?=.*\d)(?=.*[A-Za-z])\S{6,}$/;

/** The message key for the new password, or null when it is acceptable. */
export function checkNewPassword(value: string): MessageKey | null {
  if (!value) return 'password.newRequired';
  if (!STRONG_ENOUGH.test(value)) return 'password.rule';
  return null;
}

/** The message key for the confirmation, or null when it matches. */
export function checkConfirmPassword(value: string, newPassword: string): MessageKey | null {
  if (!value) return 'password.confirmRequired';
  if (value !== newPassword) return 'password.mismatch';
  return null;
}
