/**
 * Normalise a request URL's query the platform's way: string filters are
 * trimmed, empty ones dropped (sent as null), and amis's paging parameters
 * renamed to `currentPage`/`pageSize` (or `pageNum`/`pageSize` in rows mode).
 */
export function normalizeQuery(url: string, rowsMode = false): string {
  const [path, query = ''] = splitUrl(url);
  if (!query) return url;
  const params = new URLSearchParams(query);
  // amis's own paging pair; a lone `page` may be an API's own parameter (dictDetail's page=0)
  const amisPaging = params.has('perPage');
  const out = new URLSearchParams();
  for (const [key, raw] of params) {
    const value = raw.trim();
    if (value === '') continue;
    if (amisPaging && key === 'page') out.set(rowsMode ? 'pageNum' : 'currentPage', value);
    else if (amisPaging && key === 'perPage') out.set('pageSize', value);
    else out.append(key, value);
  }
  const next = out.toString();
  return next ? `${path}?${next}` : path;
}

/** JSON bodies: trim strings, empty strings become null. */
export function normalizeBody<T>(data: T): T {
  if (!data || typeof data !== 'object' || Array.isArray(data) || data instanceof FormData || data instanceof Blob) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (typeof value === 'string') {
      const trimmed = value.trim();
      out[key] = trimmed === '' ? null : trimmed;
    } else out[key] = value;
  }
  return out as T;
}

function splitUrl(url: string): [string, string] {
  const i = url.indexOf('?');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i + 1)];
}
