/** Minimal typing of the AMap JS API 2.0 parts the picker uses. */
export interface AMapLngLat {
  getLng(): number;
  getLat(): number;
}
export interface AMapNamespace {
  Map: new (
    el: HTMLElement,
    opts: Record<string, unknown>,
  ) => {
    on(event: string, fn: (e: { lnglat: AMapLngLat }) => void): void;
    setCenter(pos: [number, number]): void;
    add(overlay: unknown): void;
    destroy(): void;
  };
  Marker: new (opts: Record<string, unknown>) => { setPosition(pos: [number, number]): void };
  AutoComplete: new (opts: Record<string, unknown>) => {
    on(event: string, fn: (e: { poi: { name: string; district?: string; address?: string; location?: AMapLngLat } }) => void): void;
  };
  PlaceSearch: new (opts: Record<string, unknown>) => unknown;
  Geocoder: new (opts: Record<string, unknown>) => {
    getAddress(pos: [number, number], fn: (status: string, result: { regeocode?: { formattedAddress: string } }) => void): void;
  };
}

declare global {
  interface Window {
    AMap?: AMapNamespace;
    _AMapSecurityConfig?: { securityJsCode: string };
  }
}

let pending: Promise<AMapNamespace> | null = null;

/**
 * Loads AMap 2.0 with the AutoComplete, PlaceSearch and Geocoder plugins, once.
 * The only third-party script the console loads, and only when a key is configured.
 */
export function loadAmap(key: string, securityJsCode?: string): Promise<AMapNamespace> {
  if (window.AMap) return Promise.resolve(window.AMap);
  pending ??= new Promise<AMapNamespace>((resolve, reject) => {
    if (securityJsCode) window._AMapSecurityConfig = { securityJsCode };
    const script = document.createElement('script');
    script.src = `https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(key)}&plugin=AMap.AutoComplete,AMap.PlaceSearch,AMap.Geocoder`;
    script.async = true;
    script.onload = () => (window.AMap ? resolve(window.AMap) : reject(new Error('AMap did not load')));
    script.onerror = () => {
      pending = null;
      reject(new Error('AMap script failed to load'));
    };
    document.head.appendChild(script);
  });
  return pending;
}
