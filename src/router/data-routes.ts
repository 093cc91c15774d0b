import { makeAutoObservable, runInAction } from 'mobx';
import { bundleHas, loadRuntimeConfig } from '../config/runtime-config';
import { ROUTE_FILE_ADDRESS, ROUTE_FILE_NAME, routeFileUrl, type DataRoute } from '../../domain/pages/route-file';
import { fetchTakingEarly } from '../api/early-requests';

export interface RouteFileIssue {
  file: string;
  /** JSON pointer inside the file */
  path: string;
  message: string;
}

export interface LoadedRoutes {
  routes: DataRoute[];
  issues: RouteFileIssue[];
}

/**
 * Every bundle's route file, in bundle order (the site's first): a path declared by an earlier
 * bundle wins, so a site bundle adds routes or overrides the console's. A bundle without a route
 * file adds nothing; a malformed file adds nothing and says why. Never rejects. `has`: whether a
 * bundle has its route file as the server listed it (undefined: ask); one without is not asked.
 */
export async function loadRouteFiles(
  bundles: string[],
  fetchImpl: (url: string, init?: RequestInit) => Promise<Response> = fetch,
  has: (bundle: string) => boolean | undefined = () => undefined,
): Promise<LoadedRoutes> {
  const routes: DataRoute[] = [];
  const issues: RouteFileIssue[] = [];
  // the JSON parser is not part of the sign-in page: it comes with the page loader's chunk, which
  // parses page files with it
  const parser = import(/* webpackChunkName: "page-loader" */ '../../domain/pages/route-file-text');
  for (const bundle of bundles) {
    if (has(bundle) === false) continue;
    const file = routeFileUrl(bundle);
    let text: string;
    try {
      const res = await fetchImpl(file, { cache: 'no-store' });
      if (res.status === 404) continue;
      if (!res.ok) {
        issues.push({ file, path: '', message: `route file unavailable (HTTP ${res.status})` });
        continue;
      }
      // a dev server may answer unknown paths with index.html
      if ((res.headers.get('content-type') ?? '').includes('text/html')) continue;
      text = await res.text();
    } catch (error) {
      issues.push({ file, path: '', message: `route file unavailable (${error instanceof Error ? error.message : String(error)})` });
      continue;
    }
    const parsed = (await parser).parseRouteFile(text, file);
    issues.push(...parsed.problems.map((p) => ({ file, ...p })));
    for (const route of parsed.routes) if (!routes.some((r) => r.path === route.path)) routes.push(route);
  }
  return { routes, issues };
}

/** The routes of the bundles' route files, loaded with the user before the guard decides. */
class DataRouteStore {
  routes: DataRoute[] = [];
  issues: RouteFileIssue[] = [];
  loaded = false;

  constructor() {
    makeAutoObservable(this);
  }

  /** (Re)reads every route file; the guard waits for it, so a reload never sends a data route to /404. */
  async load(): Promise<void> {
    this.loaded = false;
    const { routes, issues } = await loadRuntimeConfig()
      // a signed-in start asked for the files already (session-early.ts)
      .then((config) => loadRouteFiles(config.pageBundles, fetchTakingEarly, (bundle) => bundleHas(config, bundle, ROUTE_FILE_ADDRESS)))
      .catch((error: unknown): LoadedRoutes => ({ routes: [], issues: [{ file: ROUTE_FILE_NAME, path: '', message: String(error) }] }));
    // the deployer reads these in the console; check:pages reports the same before deploying
    for (const issue of issues) console.error(`route file ${issue.file}${issue.path ? ` ${issue.path}` : ''}: ${issue.message}`);
    runInAction(() => {
      this.routes = routes;
      this.issues = issues;
      this.loaded = true;
    });
  }
}

export const dataRouteStore = new DataRouteStore();
