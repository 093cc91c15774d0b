import { createContext, useContext } from 'react';

/** Whether the page around a component is the visible one (kept-alive pages stay mounted while hidden). */
export const PageActiveContext = createContext(true);

export function usePageActive(): boolean {
  return useContext(PageActiveContext);
}
