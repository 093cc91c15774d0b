/**
 * A screen opened with a query (`/refund/refundAudit?status=0`, a dashboard to-do's link) starts
 * with those filters: the query becomes the page's root data, which a list's filter fields take by
 * name (amis's data chain), and the list's first request carries them. Whole numbers become
 * numbers so a select shows its option; only plain names pass (no `__proto__`, no paths).
 */
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const WHOLE = /^-?(0|[1-9]\d{0,14})$/;

export function routeQueryData(search: string): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (!NAME.test(key) || value.length > 200) continue;
    out[key] = WHOLE.test(value) ? Number(value) : value;
  }
  return out;
}
