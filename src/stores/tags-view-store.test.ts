import { describe, expect, it } from 'vitest';
import { nextAfterClose, TagsViewStore, type TagView } from './tags-view-store';
import { memoryStorage } from '../test-support/memory-storage';

const home: TagView = { path: '/dashboard', fullPath: '/dashboard', title: '首页', affix: true, noCache: true };
const view = (path: string, extra: Partial<TagView> = {}): TagView => ({ path, fullPath: path, title: path, ...extra });

describe('tags view store', () => {
  it('adds one tab per path and one per parameter set', () => {
    const s = new TagsViewStore(memoryStorage());
    s.addView(view('/OrderManagement/parkingRecordOrderInfo/7'));
    s.addView(view('/OrderManagement/parkingRecordOrderInfo/9'));
    s.addView(view('/OrderManagement/parkingRecordOrderInfo/7', { fullPath: '/OrderManagement/parkingRecordOrderInfo/7?page=2' }));
    expect(s.visitedViews.map((v) => v.fullPath)).toEqual([
      '/OrderManagement/parkingRecordOrderInfo/7?page=2',
      '/OrderManagement/parkingRecordOrderInfo/9',
    ]);
  });

  it('caches by path unless noCache', () => {
    const s = new TagsViewStore(memoryStorage());
    s.addView(home);
    s.addView(view('/a/b/c/deep'));
    s.addView(view('/x', { noCache: true }));
    expect(s.cachedViews).toEqual(['/a/b/c/deep']);
  });

  it('never closes a pinned tab and keeps it first', () => {
    const s = new TagsViewStore(memoryStorage());
    s.addView(view('/a'));
    s.addView(home);
    expect(s.visitedViews[0].path).toBe('/dashboard');
    s.delView('/dashboard');
    s.delAllViews();
    expect(s.visitedViews).toEqual([home]);
  });

  it('closes others, keeping pinned and the chosen one', () => {
    const s = new TagsViewStore(memoryStorage());
    [home, view('/a'), view('/b'), view('/c')].forEach((v) => s.addView(v));
    s.delOthersViews('/b');
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/b']);
    expect(s.cachedViews).toEqual(['/b']);
  });

  it('goes to the last remaining tab, or home', () => {
    const s = new TagsViewStore(memoryStorage());
    s.addView(view('/a'));
    s.addView(view('/b', { fullPath: '/b?x=1' }));
    expect(nextAfterClose(s.delView('/a'))).toBe('/b?x=1');
    expect(nextAfterClose(s.delView('/b'))).toBe('/');
  });

  it('restores saved tabs whose routes still exist', () => {
    const storage = memoryStorage();
    const s = new TagsViewStore(storage);
    [home, view('/a'), view('/gone')].forEach((v) => s.addView(v));
    const again = new TagsViewStore(storage);
    again.restore((p) => p !== '/gone');
    expect(again.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/a']);
    expect(again.cachedViews).toEqual(['/a']);
  });
});
