import { bootPreloads } from './boot-preload';
import { loadPageLoader, preloadAmis, prefetchPage } from '../amis/lazy-amis-page';
import { getToken } from '../utils/auth-cookie';

/** The shell's chunks: lazy, so the sign-in page carries none of them (src/app.tsx mounts them). */
export const loadLayout = () => import(/* webpackChunkName: "console" */ '../layout/layout');
export const loadMenuScreen = () => import(/* webpackChunkName: "console" */ '../views/menu-screen/menu-screen');
export const loadDashboard = () => import('../views/dashboard/dashboard');

/**
 * With a token, the shell, amis and the page file the path names load at once, beside the
 * console's own chunk and CurrentUser (boot-preload.ts); the guard still decides what opens.
 * `page`: only at start-up (src/main.tsx) and right after sign-in, when the screen has not been
 * opened yet.
 */
export function preloadFor(path: string, page: boolean): void {
  const wanted = bootPreloads(path, Boolean(getToken()));
  // in the order they are needed: the browser opens a few connections per server and queues the
  // rest, and the page file (and its fragments) had better be in before amis's evaluation holds the main thread
  // a prefetched page asks for amis itself, once the page is in; without one the page loader comes
  // with amis, as the start-up script asked for both
  if (page && wanted.page) prefetchPage(wanted.page);
  else if (wanted.amis) void Promise.all([loadPageLoader(), preloadAmis()]).catch(() => undefined);
  if (wanted.shell) void Promise.all([loadLayout(), wanted.home ? loadDashboard() : loadMenuScreen()]).catch(() => undefined);
}
