import { SCAN_PATHS } from '../../domain/pages/host-routes';

/**
 * index.html hands the public pages' addresses over to scan.html (an older printed lane code opens
 * `<origin>/#/scanQRcode?…`). The start-up script does it first (scripts/build/console-preload.ts);
 * src/main.tsx imports this module before anything else, should its chunk run first, and a link
 * followed inside the console later goes the same way.
 */

/** Where `hash` belongs when it is a public page's: `scan.html#/scanQRcode?…`; else null. */
export function scanPageTarget(hash: string): string | null {
  const path = hash.replace(/^#/, '').split('?')[0];
  return SCAN_PATHS.includes(path) ? `scan.html${hash}` : null;
}

/** Leaves for scan.html when the address is a public page's; true when it does. */
export function handOverToScanPage(location: Pick<Location, 'hash' | 'replace'> = window.location): boolean {
  const target = scanPageTarget(location.hash);
  if (target) location.replace(target);
  return target !== null;
}

export const leavingForScanPage = typeof window !== 'undefined' && handOverToScanPage();
if (typeof window !== 'undefined') window.addEventListener('hashchange', () => handOverToScanPage());
