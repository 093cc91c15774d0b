import { observable, runInAction } from 'mobx';

/**
 * Titles a screen gives its own route from its data, by path: a details page names its record (the
 * order number, not the id in its address) in its tab, the breadcrumb and the document title. The
 * route's declared title stands until the screen has said (src/amis/renderers/route-title.tsx).
 */
const titles = observable.map<string, string>();

export function setRouteTitle(path: string, title: string) {
  runInAction(() => {
    if (title) titles.set(path, title);
    else titles.delete(path);
  });
}

export function routeTitle(path: string): string | undefined {
  return titles.get(path);
}
