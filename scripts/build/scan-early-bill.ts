import type { RsbuildPlugin } from '@rsbuild/core';
import { EARLY_BILL_SCRIPT } from '../../domain/public-early-bill';

/**
 * scan.html asks for the bill its address names (a lane's, a space's or an order's) from an inline
 * script at the top of its head, in parallel with its scripts (domain/public-early-bill.ts, src/public/early-bill.ts). The
 * server's Content-Security-Policy allows the page's inline scripts by their sha256 only
 * (server/lib/security-headers.ts reads them from the built page).
 */
export function pluginScanEarlyBill(): RsbuildPlugin {
  return {
    name: 'scan-early-bill',
    setup(api) {
      api.modifyHTMLTags(({ headTags, bodyTags }, { filename }) => {
        if (filename !== 'scan.html') return { headTags, bodyTags };
        // first of the page's scripts, after its meta tags (the charset stays in the first bytes)
        const at = headTags.map((t) => t.tag).lastIndexOf('meta') + 1;
        return { headTags: [...headTags.slice(0, at), { tag: 'script', children: EARLY_BILL_SCRIPT }, ...headTags.slice(at)], bodyTags };
      });
    },
  };
}
