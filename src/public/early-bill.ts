/**
 * The bill's call, started by scan.html itself before its scripts arrive: EARLY_BILL_SCRIPT
 * (domain/public-early-bill.ts) is the one inline script of the page's head, allowed by the server's
 * Content-Security-Policy by its hash. On Slow 4G a request costs some 560 ms however small: asked for in
 * parallel with the JS, the answer is there when React is, instead of one round trip after it.
 *
 * The script names the same address the page's own call would (src/public/api.ts `laneBill`,
 * `spaceBill`, `orderBill`: the query in the same order), and the page's first call of that address
 * takes the early answer instead of asking again (`takeEarly`); a reload asks the server afresh.
 */

export interface EarlyCall {
  url: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __earlyBill?: EarlyCall;
  }
}

export { EARLY_BILL_SCRIPT } from '../../domain/public-early-bill';

/**
 * The early answer for `url`, once: the first call of that very address takes it; `null` for any
 * other address and for later calls (they ask the server). An early request that got no answer at
 * all is asked again through `fallback`.
 */
export function takeEarly(
  url: string,
  fallback: () => Promise<Response>,
  win: { __earlyBill?: EarlyCall } | undefined = globalThis.window,
): Promise<Response> | null {
  const early = win?.__earlyBill;
  if (!early || early.url !== url) return null;
  delete win.__earlyBill;
  return early.response.catch(fallback);
}
