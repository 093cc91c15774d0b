// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LotPoint } from '../../../domain/live-screens';
import type { AMapNamespace } from '../../amis/renderers/amap-loader';
import { chooseLotMap, LotMap, occupancyColour, type MapLoader } from './lot-map';

// React's act() outside a test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const LOTS: LotPoint[] = [
  { id: 'a', name: '科技园停车场', lng: 113.95, lat: 22.54, spaces: 400, occupancyPct: 10 },
  { id: 'b', name: '<img src=x onerror=alert(1)>', lng: 114.06, lat: 22.55, spaces: 100, occupancyPct: 95 },
];

/** A fake AMap 2.0: records the map's options, the markers added and removed, and destroy. */
function fakeAmap() {
  const made = {
    maps: [] as { opts: Record<string, unknown>; added: unknown[]; removed: unknown[]; destroyed: boolean }[],
    markers: [] as FakeMarker[],
  };
  class FakeMarker {
    opts: Record<string, unknown>;
    content: HTMLElement;
    constructor(opts: Record<string, unknown>) {
      this.opts = opts;
      this.content = opts.content as HTMLElement;
      made.markers.push(this);
    }
    setPosition() {}
    setContent(c: HTMLElement) {
      this.content = c;
    }
    setTitle() {}
  }
  class FakeMap {
    record: (typeof made.maps)[number];
    constructor(_el: HTMLElement, opts: Record<string, unknown>) {
      this.record = { opts, added: [], removed: [], destroyed: false };
      made.maps.push(this.record);
    }
    add(o: unknown) {
      this.record.added.push(o);
    }
    remove(o: unknown) {
      this.record.removed.push(o);
    }
    setFitView() {}
    destroy() {
      this.record.destroyed = true;
    }
  }
  return { AMap: { Map: FakeMap, Marker: FakeMarker } as unknown as AMapNamespace, made };
}

const roots: Root[] = [];
afterEach(() => {
  act(() => roots.splice(0).forEach((r) => r.unmount()));
  document.body.innerHTML = '';
});

async function renderLotMap(config: { amapKey?: string; amapSecurityCode?: string }, loadMap: MapLoader, lots = LOTS) {
  const el = document.createElement('div');
  document.body.appendChild(el);
  const root = createRoot(el);
  roots.push(root);
  const draw = (l: LotPoint[]) =>
    root.render(
      <LotMap
        lots={l}
        label="停车场占用分布"
        occupancy="占用率"
        testId="lot-map"
        schematic={<div data-testid="schematic" />}
        loadConfig={async () => config}
        loadMap={loadMap}
      />,
    );
  act(() => draw(lots));
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
  return { el, redraw: (l: LotPoint[]) => act(() => draw(l)), unmount: () => act(() => root.unmount()) };
}

describe('chooseLotMap', () => {
  it('loads AMap with the configured key (and security code) and picks the map', async () => {
    const { AMap } = fakeAmap();
    const load = vi.fn<MapLoader>(async () => AMap);
    expect(await chooseLotMap({ amapKey: 'k-123', amapSecurityCode: 'sec' }, load)).toEqual({ kind: 'amap', AMap });
    expect(load).toHaveBeenCalledWith('k-123', 'sec');
  });

  it('without a key asks nothing of AMap and picks the schematic', async () => {
    const load = vi.fn<MapLoader>();
    expect(await chooseLotMap({}, load)).toEqual({ kind: 'schematic', reason: 'no-key' });
    expect(await chooseLotMap({ amapKey: '  ' }, load)).toEqual({ kind: 'schematic', reason: 'no-key' });
    expect(load).not.toHaveBeenCalled();
  });

  it('when the script fails to load, falls back to the schematic', async () => {
    const load = vi.fn<MapLoader>(async () => {
      throw new Error('AMap script failed to load');
    });
    expect(await chooseLotMap({ amapKey: 'k-123' }, load)).toEqual({ kind: 'schematic', reason: 'load-failed' });
    expect(load).toHaveBeenCalledOnce();
  });
});

describe('LotMap', () => {
  it('with a key draws the lots as markers coloured by occupancy on a dark AMap map', async () => {
    const { AMap, made } = fakeAmap();
    const load = vi.fn<MapLoader>(async () => AMap);
    const { el, redraw, unmount } = await renderLotMap({ amapKey: 'k-123' }, load);
    expect(load).toHaveBeenCalledWith('k-123', undefined);
    expect(el.querySelector('[data-testid="schematic"]')).toBeNull();
    expect(el.querySelector('[data-testid="lot-map"]')?.getAttribute('data-map')).toBe('amap');
    expect(made.maps).toHaveLength(1);
    expect(made.maps[0].opts.mapStyle).toBe('amap://styles/darkblue');
    expect(made.markers.map((m) => m.opts.position)).toEqual([
      [113.95, 22.54],
      [114.06, 22.55],
    ]);
    const dot = (m: (typeof made.markers)[number]) => m.content.querySelector<HTMLElement>('.bs-amap-lot__dot')!.style.background;
    expect(dot(made.markers[0])).toBe(occupancyColour(10));
    expect(dot(made.markers[1])).toBe(occupancyColour(95));
    // a lot's name is text, never markup
    expect(made.markers[1].content.querySelector('img')).toBeNull();
    expect(made.markers[1].content.textContent).toBe('<img src=x onerror=alert(1)>');

    // an update recolours the markers in place; a lot gone is removed; nothing is drawn twice
    redraw([{ ...LOTS[0], occupancyPct: 80 }]);
    expect(made.markers).toHaveLength(2);
    expect(dot(made.markers[0])).toBe(occupancyColour(80));
    expect(made.maps[0].removed).toEqual([made.markers[1]]);
    unmount();
    expect(made.maps[0].destroyed).toBe(true);
  });

  it('without a key shows the schematic and never loads AMap', async () => {
    const load = vi.fn<MapLoader>();
    const { el } = await renderLotMap({}, load);
    expect(el.querySelector('[data-testid="schematic"]')).not.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('when AMap fails to load shows the schematic', async () => {
    const load = vi.fn<MapLoader>(async () => Promise.reject(new Error('AMap script failed to load')));
    const { el } = await renderLotMap({ amapKey: 'k-123' }, load);
    expect(load).toHaveBeenCalledOnce();
    expect(el.querySelector('[data-testid="schematic"]')).not.toBeNull();
    expect(el.querySelector('[data-map="amap"]')).toBeNull();
  });
});

describe('occupancyColour', () => {
  it('runs green → amber → red as the schematic does, clamped', () => {
    expect(occupancyColour(0)).toBe('rgb(41, 211, 165)');
    expect(occupancyColour(50)).toBe('rgb(255, 176, 32)');
    expect(occupancyColour(100)).toBe('rgb(255, 91, 91)');
    expect(occupancyColour(150)).toBe(occupancyColour(100));
    expect(occupancyColour(-5)).toBe(occupancyColour(0));
  });
});
