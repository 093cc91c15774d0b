import { userStore } from '../stores/user-store';
import { dataRouteStore } from './data-routes';
import { currentRoute, reportMenuRouteProblems } from './current-route';
import { loadedFor } from './guard';

let pending: Promise<void> | null = null;

/** The user's roles and the route files are in: nothing is left to load. */
export function sessionLoaded(): boolean {
  return userStore.roles.length > 0 && dataRouteStore.loaded;
}

/** The guard may decide on `path` (guard.ts loadedFor): a menu screen opens without waiting for the route files. */
export function sessionReadyFor(path: string): boolean {
  const userLoaded = userStore.roles.length > 0;
  const routesLoaded = dataRouteStore.loaded;
  // the path is resolved only in the moment between the user and the route files
  return loadedFor(userLoaded, routesLoaded, userLoaded && !routesLoaded ? currentRoute(path)?.kind : undefined);
}

/**
 * What the guard waits for before it decides on a signed-in path: the user (their menu and
 * buttons) and the bundles' route files. One load at a time: a signed-in start asks for it as the
 * console's chunk runs (src/app.tsx), before amis's evaluation, asked for at the same time, holds
 * the main thread; the guard's own ask (root-guard.tsx) then joins it.
 */
export function loadSession(): Promise<void> {
  // the guard's effect may run after the start's load has finished: nothing is left to load
  if (!pending && sessionLoaded()) return Promise.resolve();
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
