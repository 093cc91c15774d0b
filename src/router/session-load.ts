import { userStore } from '../stores/user-store';
import { dataRouteStore } from './data-routes';
import { reportMenuRouteProblems } from './current-route';

let pending: Promise<void> | null = null;

/**
 * What the guard waits for before it decides on a signed-in path: the user (their menu and
 * buttons) and the bundles' route files. One load at a time: a signed-in start asks for it as the
 * console's chunk runs (src/app.tsx), before amis's evaluation, asked for at the same time, holds
 * the main thread; the guard's own ask (root-guard.tsx) then joins it.
 */
export function loadSession(): Promise<void> {
  pending ??= (async () => {
    // the route files load beside the user; that load never fails (a bad file only loses its routes)
    const routes = dataRouteStore.load();
    try {
      await userStore.getInfo();
      userStore.setLoadMenus(false);
      reportMenuRouteProblems();
    } catch {
      // A failed user-info fetch signs the user out (spec §4).
      userStore.resetSession();
      window.location.reload();
    }
    await routes;
  })().finally(() => {
    pending = null;
  });
  return pending;
}
