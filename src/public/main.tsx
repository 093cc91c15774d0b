import { createRoot } from 'react-dom/client';
import { PublicApp } from './app';
import './public.css';

/**
 * scan.html's entry (rsbuild.config.ts `scan`): the public pages alone, with React and nothing of
 * the console (no amis, no mobx, no console chunk). index.html sends their addresses here
 * (scripts/build/console-preload.ts, src/public/handover.ts).
 */
createRoot(document.getElementById('root')!).render(<PublicApp />);
