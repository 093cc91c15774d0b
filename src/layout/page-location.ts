import { createContext, useContext } from 'react';

/** Where a page is: its path and query (a router location, or the address of a start's first screen). */
export interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/**
 * The location of the page around a component: its own, frozen while its tab is hidden
 * (keep-alive-outlet.tsx), or the address of the screen drawn before the shell (first-screen.tsx).
 * Not the router's context, so a JSON page and the start's first screen need no router code.
 */
export const PageLocationContext = createContext<PageLocation | null>(null);

export function usePageLocation(): PageLocation {
  const location = useContext(PageLocationContext);
  if (!location) throw new Error('usePageLocation: no page around this component (keep-alive-outlet.tsx provides one)');
  return location;
}
