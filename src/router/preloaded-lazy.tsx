import { lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy for a component without props, except that once its chunk is in it renders at once
 * instead of suspending for a turn: the shell that adopts the start-up's first screen
 * (layout/first-screen.tsx) must draw in the commit that takes the screen's place, never through a
 * loading fallback.
 */
export function preloadedLazy(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | undefined;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloaded() {
    // one type for the life of the element: a switch would mount it again
    const [{ Type }] = useState(() => ({ Type: loaded ?? Lazy }));
    return <Type />;
  }
  return Object.assign(Preloaded, { preload });
}
