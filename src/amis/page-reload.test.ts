import { describe, expect, it } from 'vitest';
import { DataVersion, PageVersions, createListRefresher, noteAnswer, reloadLists, type ReloadScope } from './page-reload';

describe('page versions', () => {
  it('a saved page reloads that page; a saved fragment reloads every page', () => {
    const pageVersions = new PageVersions();
    expect(pageVersions.of('parking/parkingLane')).toBe(0);
    pageVersions.bump('parking/parkingLane');
    expect(pageVersions.of('parking/parkingLane')).toBe(1);
    expect(pageVersions.of('system/user')).toBe(0);
    pageVersions.bump('_fragments/lot-select');
    expect(pageVersions.of('parking/parkingLane')).toBe(2);
    expect(pageVersions.of('system/user')).toBe(1);
  });
});

describe('lists after a save', () => {
  const component = (props: Record<string, unknown>, log: string[]) => ({ props, reload: () => log.push(String(props.name)) });

  it('a successful write is new data; a read, a refused write, a sign-in or an upload is not', () => {
    const versions = new DataVersion();
    noteAnswer('post', '/api/system/Parking', 0, versions);
    noteAnswer('put', '/api/system/Parking/1/Actions/State', 0, versions);
    noteAnswer('delete', '/api/system/Parking/1', 0, versions);
    expect(versions.version).toBe(3);
    noteAnswer('get', '/api/system/Parking', 0, versions);
    noteAnswer('post', '/api/system/Parking', 400, versions);
    noteAnswer('post', '/api/oauth/Login', 0, versions);
    noteAnswer('post', '/api/file/Uploader/image', 0, versions);
    expect(versions.version).toBe(3);
  });

  it('every list and data service under the page reloads, nested scopes included; forms and services holding a form do not', () => {
    const log: string[] = [];
    const scope: ReloadScope = {
      getComponents: () => [
        component({ type: 'crud', name: 'lots', api: '/x' }, log),
        component({ type: 'form', name: 'f', api: '/y' }, log),
      ],
      children: [
        {
          getComponents: () => [
            component({ type: 'service', name: 'sum', api: '/x/sum' }, log),
            component({ type: 'service', name: 'edit', api: '/x/1', body: { type: 'form', body: [] } }, log),
            component({ type: 'service', name: 'static' }, log),
          ],
        },
      ],
    };
    expect(reloadLists(scope)).toBe(2);
    expect(log).toEqual(['lots', 'sum']);
  });

  it('a list reloads silently (no spinner over its rows), keeping its selection', () => {
    const calls: unknown[][] = [];
    reloadLists({ getComponents: () => [{ props: { type: 'crud', api: '/x' }, search: (...args: unknown[]) => calls.push(args) }] });
    expect(calls).toEqual([[undefined, true, false, true]]);
  });

  it('a list amis is reloading itself (after its own action) is asked again as loading: a silent search would end its loading state', () => {
    const calls: unknown[][] = [];
    const list = (loading: boolean) => ({
      props: { type: 'crud', api: '/x', store: { loading } },
      search: (...args: unknown[]) => calls.push([loading, ...args]),
    });
    expect(reloadLists({ getComponents: () => [list(true), list(false)] })).toBe(2);
    expect(calls).toEqual([
      [true, undefined, false, false, true],
      [false, undefined, true, false, true],
    ]);
  });

  it('a list that reads with a POST does not count its own reload as new data', () => {
    const versions = new DataVersion();
    const log: string[] = [];
    reloadLists({ getComponents: () => [component({ type: 'crud', name: 'rows', api: 'post:/api/x/${lotId}/rows?k=${k}' }, log)] });
    noteAnswer('post', '/api/x/p-1/rows?k=1', 0, versions);
    noteAnswer('post', '/api/x/p-1/rows', 0, versions);
    expect(versions.version).toBe(0);
    noteAnswer('post', '/api/x/p-1', 0, versions);
    expect(versions.version).toBe(1);
    // a list read with GET: a POST to its address is a create
    reloadLists({ getComponents: () => [component({ type: 'crud', name: 'lots', api: 'get:/api/lots' }, log)] });
    noteAnswer('post', '/api/lots', 0, versions);
    expect(versions.version).toBe(2);
  });

  it('the visible page reloads at once; a hidden one when it is shown again, once', () => {
    const versions = new DataVersion();
    const log: string[] = [];
    const lists = createListRefresher(versions);
    lists.scopeRef({ getComponents: () => [component({ type: 'crud', name: 'lots', api: '/x' }, log)] });
    const now = (run: () => void) => run();
    lists.update(true, now);
    expect(log).toEqual([]);
    versions.bump();
    lists.update(false, now);
    expect(log).toEqual([]);
    lists.update(true, now);
    lists.update(true, now);
    expect(log).toEqual(['lots']);
  });
});
