import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';
import { StoresProvider, type Stores } from '../stores/stores-context';

/**
 * Renders a node for a test with the providers the test composes (after refine's TestWrapper):
 * `render(<Permission …/>, { stores: { user } })` reads a store built for the test, not the shared
 * one. Needs a DOM: the test file says `// @vitest-environment jsdom`. Roots unmount after each test.
 */

// React's own switch for act() outside a test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface RenderOptions {
  stores?: Partial<Stores>;
}

const mounted = new Set<Root>();

export function render(node: ReactNode, { stores = {} }: RenderOptions = {}) {
  const el = document.createElement('div');
  const root = createRoot(el);
  mounted.add(root);
  const wrap = (n: ReactNode) => <StoresProvider stores={stores}>{n}</StoresProvider>;
  act(() => root.render(wrap(node)));
  return {
    el,
    rerender: (next: ReactNode) => act(() => root.render(wrap(next))),
    unmount: () => {
      mounted.delete(root);
      act(() => root.unmount());
    },
  };
}

afterEach(() => {
  for (const root of mounted) act(() => root.unmount());
  mounted.clear();
});
