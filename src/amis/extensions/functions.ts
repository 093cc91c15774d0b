import { registerFunction } from 'amis';
import { userStore } from '../stores/user-store';

/**
 * Formula functions for page JSON, e.g. `"visibleOn": "${HAS_PERM('parking:add')}"`.
 * The same check as the React <Permission> component; reads observable state,
 * so a different user sees different buttons without a reload.
 */
export function registerAmisFunctions() {
  registerFunction('HAS_PERM', (...codes: unknown[]) => userStore.hasPermission(codes.flat().map(String)));
  registerFunction('HAS_ROLE', (...roles: unknown[]) => userStore.hasRole(roles.flat().map(String)));
}
