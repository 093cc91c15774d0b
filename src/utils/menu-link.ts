/**
 * Where a link menu entry (type 7) may point: a web address, or a path on this server such as
 * `/api/docs` (not `//host`, which leaves it). Anything else (`javascript:`, `data:`) is no link.
 */
export function menuLinkHref(urlAddress: string | undefined): string | undefined {
  const url = (urlAddress ?? '').trim();
  if (/^https?:\/\/[^\s]+$/i.test(url)) return url;
  if (/^\/(?!\/)[^\s]*$/.test(url)) return url;
  return undefined;
}
