import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useUserStore } from '../stores/stores-context';

/**
 * `usePermission('parking:add')` / `<Permission codes="parking:add">…</Permission>`: the same check as
 * `HAS_PERM` in page JSON. Observers re-render when another user signs in. The user store comes from
 * the context (src/stores/stores-context.tsx): the shared one, or a test's.
 */
export function usePermission(codes: string | string[]): boolean {
  return useUserStore().hasPermission(codes);
}

export function useRole(roles: string | string[]): boolean {
  return useUserStore().hasRole(roles);
}

export const Permission = observer(function Permission({
  codes,
  children,
  fallback = null,
}: {
  codes: string | string[];
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{usePermission(codes) ? children : fallback}</>;
});

export const Role = observer(function Role({
  roles,
  children,
  fallback = null,
}: {
  roles: string | string[];
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{useRole(roles) ? children : fallback}</>;
});
