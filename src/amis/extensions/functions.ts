import type { AmisRegistry } from './registry';
import { localeStore } from '../../i18n';
import { userStore, type UserStore } from '../../stores/user-store';
import { hashPassword } from '../../utils/password-hash';
import { centsToYuan, formatDuration, formatPlate, formatTimestamp, plateColorLabel } from '../../../domain/format';
import { BLOCKED_URL, maskPhone, safeUrl } from '../../../domain/field-rules';

const flat = (args: unknown[]) => args.flat().map(String);

/**
 * Formula functions for page JSON, e.g. `"visibleOn": "${HAS_PERM('parking:add')}"`.
 * The permission check is the same one the React <Permission> component uses and reads
 * observable state, so a different user sees different buttons without a reload. `user`: the shared
 * store, or a test's.
 */
export function registerFunctions(
  { registerFunction }: Pick<AmisRegistry, 'registerFunction'>,
  user: Pick<UserStore, 'hasPermission' | 'hasRole'> = userStore,
) {
  registerFunction('HAS_PERM', (...codes: unknown[]) => user.hasPermission(flat(codes)));
  registerFunction('HAS_ROLE', (...roles: unknown[]) => user.hasRole(flat(roles)));
  // the platform's password convention, for reset-password forms: "${MD5(userPassword)}"
  registerFunction('MD5', (text: unknown) => (text === undefined || text === null || text === '' ? '' : hashPassword(String(text))));
  registerFunction('CENT', (v: unknown) => centsToYuan(v));
  registerFunction('PLATE', (v: unknown) => formatPlate(v));
  registerFunction('PLATE_COLOR', (v: unknown) => plateColorLabel(v, localeStore.locale));
  registerFunction('MASK_PHONE', (v: unknown) => maskPhone(v));
  registerFunction('DURATION', (v: unknown) => formatDuration(v, localeStore.locale));
  // a link or image address from data (the vocabulary wraps link and image addresses in it): the
  // address when safeUrl accepts it, else one that goes nowhere (an empty one would make amis fall
  // back to the unchecked value)
  registerFunction('SAFE_URL', (v: unknown) => safeUrl(v) ?? BLOCKED_URL);
  // not TIMESTAMP: that is amis's own (a date to a Unix timestamp), and a page copied from amis's
  // docs must get what amis gives (amis-names.test.ts)
  registerFunction('CHINA_TIME', (v: unknown, pattern?: unknown) => formatTimestamp(v, typeof pattern === 'string' ? pattern : undefined));
}
