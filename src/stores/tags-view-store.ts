import { makeAutoObservable } from 'mobx';
import { readJson, writeJson, type KeyValueStorage } from '../utils/local-store';

/** One visited page. Keyed by `path` (the pathname): order 7 and order 9 are two tabs. */
export interface TagView {
  path: string;
  /** path plus query, to return to the page exactly as it was left */
  fullPath: string;
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

export const TAGS_STORAGE_KEY = 'pc-tags-view';

/** Visited and cached views (spec §3 "Tab-view state"). Cached views are paths, never component names. */
export class TagsViewStore {
  visitedViews: TagView[] = [];
  cachedViews: string[] = [];
  private readonly storage: KeyValueStorage | undefined;

  /** `storage`: where the tabs are kept for the next session; the browser's localStorage unless a test gives its own. */
  constructor(storage?: KeyValueStorage) {
    this.storage = storage;
    makeAutoObservable<TagsViewStore, 'storage'>(this, { storage: false });
  }

  addView(view: TagView) {
    this.addVisitedView(view);
    this.addCachedView(view);
  }

  addVisitedView(view: TagView) {
    const existing = this.visitedViews.find((v) => v.path === view.path);
    if (existing) {
      existing.fullPath = view.fullPath;
      existing.title = view.title || existing.title;
    } else if (view.affix) {
      // pinned tabs lead the bar
      const firstFree = this.visitedViews.findIndex((v) => !v.affix);
      this.visitedViews.splice(firstFree < 0 ? this.visitedViews.length : firstFree, 0, { ...view });
    } else {
      this.visitedViews.push({ ...view });
    }
    this.save();
  }

  addCachedView(view: TagView) {
    if (view.noCache || this.cachedViews.includes(view.path)) return;
    this.cachedViews.push(view.path);
  }

  /** Closes a tab unless it is pinned; returns the views left. */
  delView(path: string): TagView[] {
    this.visitedViews = this.visitedViews.filter((v) => v.affix || v.path !== path);
    this.delCachedView(path);
    this.save();
    return this.visitedViews;
  }

  delCachedView(path: string) {
    this.cachedViews = this.cachedViews.filter((p) => p !== path);
  }

  delOthersViews(path: string) {
    this.visitedViews = this.visitedViews.filter((v) => v.affix || v.path === path);
    this.cachedViews = this.cachedViews.filter((p) => p === path);
    this.save();
  }

  delAllViews() {
    this.visitedViews = this.visitedViews.filter((v) => v.affix);
    this.cachedViews = [];
    this.save();
  }

  /** Reopens the tabs of the last session whose routes this user can still open. */
  restore(isKnown: (path: string) => boolean) {
    const saved = readJson<TagView[]>(TAGS_STORAGE_KEY, this.storage);
    if (!Array.isArray(saved)) return;
    for (const view of saved) {
      if (!view || typeof view.path !== 'string' || typeof view.fullPath !== 'string' || !isKnown(view.path)) continue;
      this.addView({
        path: view.path,
        fullPath: view.fullPath,
        title: String(view.title ?? ''),
        affix: Boolean(view.affix),
        noCache: Boolean(view.noCache),
      });
    }
  }

  private save() {
    writeJson(TAGS_STORAGE_KEY, this.visitedViews, this.storage);
  }
}

export const tagsViewStore = new TagsViewStore();

/** Where to go after closing the active tab: the last tab left, or home. */
export function nextAfterClose(remaining: TagView[]): string {
  const last = remaining[remaining.length - 1];
  return last ? last.fullPath : '/';
}
