import Fuse from 'fuse.js';
import type { MenuRoute } from '../router/menu-routes';

export interface SearchEntry {
  path: string;
  title: string;
}

/** The visible pages of the menu (spec §2: not directories, hidden entries or outside links). */
export function searchableRoutes(routes: MenuRoute[]): SearchEntry[] {
  return routes.filter((r) => r.type === 2 && !r.hidden).map((r) => ({ path: r.path, title: r.trail.join(' > ') }));
}

/** Spec §9: threshold 0.4, title weight 0.7, path weight 0.3. */
export function createMenuSearch(entries: SearchEntry[]): Fuse<SearchEntry> {
  return new Fuse(entries, {
    shouldSort: true,
    threshold: 0.4,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
  });
}
