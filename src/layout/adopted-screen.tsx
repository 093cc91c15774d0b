import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageActive } from './page-active';
import type { FirstScreen } from './first-screen';

/**
 * The screen drawn before the shell (first-screen.tsx), moved into the shell's outlet as it is: it
 * follows its tab (visible or kept hidden) and its own location from here, and closes with its tab.
 */
export function AdoptedScreen({ screen }: { screen: FirstScreen }) {
  const slot = useRef<HTMLDivElement>(null);
  const active = usePageActive();
  const location = useLocation();
  useLayoutEffect(() => {
    if (slot.current) screen.moveInto(slot.current);
    return () => screen.release();
  }, [screen]);
  useLayoutEffect(() => screen.update({ active, location }), [screen, active, location]);
  return <div ref={slot} />;
}
