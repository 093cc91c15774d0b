import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { userStore } from '../stores/user-store';

/**
 * `usePermission('parking:add')` / `<Permission codes="parking:add">…</Permission>`: the same check as
 * `HAS_PERM` in page JSON. Observers re-render when another user signs in.
 */
export function usePermission(codes: string | string[]): boolean {
  return userStore.hasPermission(codes);
}

export function useRole(roles: string | string[]): boolean {
  return userStore.hasRole(roles);
}

export const Permission = observer(function Permission({ codes, children, fallback = null }: { codes: string | string[]; children: ReactNode; fallback?: ReactNode }) {
  return <>{userStore.hasPermission(codes) ? children : fallback}</>;
});

export const Role = observer(function Role({ roles, children, fallback = null }: { roles: string | string[]; children: ReactNode; fallback?: ReactNode }) {
  return <>{userStore.hasRole(roles) ? children : fallback}</>;
});
