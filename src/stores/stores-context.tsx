import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { userStore, type UserStore } from './user-store';

/**
 * The stores components read through context rather than by import. The default is the app's shared
 * stores, so the app renders no provider; a test gives its own (`render(node, { stores: { user } })`
 * in src/test-support/render.tsx) instead of writing to the shared ones.
 */
export interface Stores {
  user: UserStore;
}

const StoresContext = createContext<Stores>({ user: userStore });

/** Replaces some stores for the tree below; the others stay those of the tree above. */
export function StoresProvider({ stores, children }: { stores: Partial<Stores>; children: ReactNode }) {
  const outer = useContext(StoresContext);
  const value = useMemo(() => ({ ...outer, ...stores }), [outer, stores]);
  return <StoresContext.Provider value={value}>{children}</StoresContext.Provider>;
}

export function useUserStore(): UserStore {
  return useContext(StoresContext).user;
}
