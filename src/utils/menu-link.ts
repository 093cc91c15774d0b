import { safeUrl } from '../../domain/field-rules';

/**
 * Where a link menu entry (type 7) may point: a web address, or a path on this server such as
 * `/api/docs` (not `//host` or `/\host`, which leave it). Anything else (`javascript:`, `data:`) is
 * no link. The one rule for addresses from data (domain/field-rules.ts).
 */
export function menuLinkHref(urlAddress: string | undefined): string | undefined {
  return safeUrl(urlAddress);
}
