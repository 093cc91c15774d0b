import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { LotPoint } from '../../../domain/live-screens';
import { loadAmap, type AMapNamespace } from '../../amis/renderers/amap-loader';
import { loadRuntimeConfig, type RuntimeConfig } from '../../config/runtime-config';

/** Loads the AMap JS API (amap-loader.ts); a test passes a fake. */
export type MapLoader = (key: string, securityJsCode?: string) => Promise<AMapNamespace>;

export type LotMapChoice = { kind: 'amap'; AMap: AMapNamespace } | { kind: 'schematic'; reason: 'no-key' | 'load-failed' };

/**
 * The lots' map: AMap when the runtime configuration (app-config.json) has a key and its script
 * loads, else the schematic plot of the lots' coordinates. No key, no request to AMap.
 */
export async function chooseLotMap(
  config: Pick<RuntimeConfig, 'amapKey' | 'amapSecurityCode'>,
  load: MapLoader = loadAmap,
): Promise<LotMapChoice> {
  const key = typeof config.amapKey === 'string' ? config.amapKey.trim() : '';
  if (!key) return { kind: 'schematic', reason: 'no-key' };
  try {
    const AMap = await load(key, typeof config.amapSecurityCode === 'string' ? config.amapSecurityCode : undefined);
    return { kind: 'amap', AMap };
  } catch {
    return { kind: 'schematic', reason: 'load-failed' };
  }
}

/** The schematic's colour scale (chart-options.ts lotMapOption): green free, amber half full, red full. */
const STOPS: [number, [number, number, number]][] = [
  [0, [0x29, 0xd3, 0xa5]],
  [50, [0xff, 0xb0, 0x20]],
  [100, [0xff, 0x5b, 0x5b]],
];

/** The colour of a lot at `pct` per cent occupied, as `rgb(r, g, b)`. */
export function occupancyColour(pct: number): string {
  const p = Math.max(0, Math.min(100, Number.isFinite(pct) ? pct : 0));
  const i = p <= STOPS[1][0] ? 0 : 1;
  const [p0, c0] = STOPS[i];
  const [p1, c1] = STOPS[i + 1];
  const f = (p - p0) / (p1 - p0);
  const [r, g, b] = c0.map((c, k) => Math.round(c + (c1[k] - c) * f));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The parts of AMap 2.0 the lots' map uses (amap-loader.ts types the picker's). */
interface LotsMap {
  add(overlay: unknown): void;
  remove(overlay: unknown): void;
  setFitView(): void;
  destroy(): void;
}
interface LotMarker {
  setPosition(pos: [number, number]): void;
  setContent(content: HTMLElement): void;
  setTitle(title: string): void;
}
interface LotsAMap {
  Map: new (el: HTMLElement, opts: Record<string, unknown>) => LotsMap;
  Marker: new (opts: Record<string, unknown>) => LotMarker;
}

/** A lot's marker: a dot sized by its spaces and coloured by occupancy, and its name (as text, never HTML). */
function markerContent(lot: LotPoint): HTMLElement {
  const el = document.createElement('div');
  el.className = 'bs-amap-lot';
  const dot = document.createElement('span');
  dot.className = 'bs-amap-lot__dot';
  const size = Math.round(Math.max(14, Math.min(44, Math.sqrt(lot.spaces) * 2)));
  dot.style.width = dot.style.height = `${size}px`;
  dot.style.background = occupancyColour(lot.occupancyPct);
  const name = document.createElement('span');
  name.className = 'bs-amap-lot__name';
  name.textContent = lot.name;
  el.append(dot, name);
  return el;
}

/** The lots on an AMap map (dark style), the markers updated in place and the map destroyed on leave. */
function AmapLots({
  AMap,
  lots,
  label,
  occupancy,
  testId,
}: {
  AMap: AMapNamespace;
  lots: LotPoint[];
  label: string;
  occupancy: string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<LotsMap | null>(null);
  const markers = useRef(new Map<string, LotMarker>());
  const A = AMap as unknown as LotsAMap;

  useEffect(() => {
    const m = new A.Map(box.current!, { mapStyle: 'amap://styles/darkblue', viewMode: '2D', zoom: 11, resizeEnable: true });
    map.current = m;
    const held = markers.current;
    return () => {
      m.destroy();
      map.current = null;
      held.clear();
    };
  }, [A]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const seen = new Set<string>();
    let added = false;
    for (const lot of lots) {
      if (!Number.isFinite(lot.lng) || !Number.isFinite(lot.lat)) continue;
      seen.add(lot.id);
      const title = `${lot.name} ${occupancy} ${lot.occupancyPct}%`;
      const marker = markers.current.get(lot.id);
      if (marker) {
        marker.setPosition([lot.lng, lot.lat]);
        marker.setContent(markerContent(lot));
        marker.setTitle(title);
      } else {
        const made = new A.Marker({ position: [lot.lng, lot.lat], content: markerContent(lot), title, anchor: 'center' });
        m.add(made);
        markers.current.set(lot.id, made);
        added = true;
      }
    }
    for (const [id, marker] of markers.current)
      if (!seen.has(id)) {
        m.remove(marker);
        markers.current.delete(id);
      }
    if (added) m.setFitView();
  }, [A, lots, occupancy]);

  return <div ref={box} className="bs-chart bs-amap" role="img" aria-label={label} data-testid={testId} data-map="amap" />;
}

/**
 * The lots coloured by occupancy: on AMap when a key is configured and the script loads, else (and
 * while the configuration is read) `schematic`, the plot of their coordinates.
 */
export function LotMap({
  lots,
  label,
  occupancy,
  schematic,
  testId,
  loadConfig = loadRuntimeConfig,
  loadMap = loadAmap,
}: {
  lots: LotPoint[];
  label: string;
  occupancy: string;
  schematic: ReactNode;
  testId?: string;
  loadConfig?: () => Promise<Pick<RuntimeConfig, 'amapKey' | 'amapSecurityCode'>>;
  loadMap?: MapLoader;
}) {
  const [choice, setChoice] = useState<LotMapChoice | undefined>();
  useEffect(() => {
    let alive = true;
    void loadConfig()
      .then((config) => chooseLotMap(config, loadMap))
      .then((c) => alive && setChoice(c));
    return () => {
      alive = false;
    };
    // chosen once per mount: the configuration does not change while a screen is open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (choice?.kind === 'amap') return <AmapLots AMap={choice.AMap} lots={lots} label={label} occupancy={occupancy} testId={testId} />;
  return <>{schematic}</>;
}
