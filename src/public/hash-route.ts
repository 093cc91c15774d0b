import { useSyncExternalStore } from 'react';

/**
 * A tiny hash router for scan.html: the pages are few and flat, so the path of `#/path?query`
 * picks one (app.tsx) and its query is read as it is. No react-router: one chunk less to load.
 */

export interface HashRoute {
  path: string;
  params: URLSearchParams;
}

/** `#/payResult?outTradeNo=P1` → { path: '/payResult', params } */
export function parseHash(hash: string): HashRoute {
  const rest = hash.replace(/^#/, '');
  const at = rest.indexOf('?');
  const path = (at < 0 ? rest : rest.slice(0, at)) || '/';
  return { path: path.startsWith('/') ? path : `/${path}`, params: new URLSearchParams(at < 0 ? '' : rest.slice(at + 1)) };
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const snapshot = () => window.location.hash;

/** The address's hash, re-rendering when it changes. */
export function useHash(): string {
  return useSyncExternalStore(subscribe, snapshot, () => '');
}

/** Goes to `to` (`/payResult?outTradeNo=…`); `replace`: the current entry is replaced (no way back to it). */
export function navigate(to: string, { replace = false } = {}): void {
  const hash = `#${to}`;
  if (replace) window.location.replace(hash);
  else window.location.hash = hash;
}

/** `/payResult` + { outTradeNo: 'P1' } → `/payResult?outTradeNo=P1` */
export function href(path: string, params: Record<string, string> = {}): string {
  const q = new URLSearchParams(params).toString();
  return q ? `${path}?${q}` : path;
}
