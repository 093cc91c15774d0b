import { parseTree, type ParseError } from 'jsonc-parser';

/** Outcome of resolving a menu entry's urlAddress to a JSON page. */
export type PageLoadResult =
  | { kind: 'ok'; file: string; schema: Record<string, unknown> }
  | { kind: 'missing'; urlAddress: string; tried: string[] }
  | { kind: 'malformed'; file: string; line: number; column: number; message: string }
  | { kind: 'unavailable'; file: string; status: number };

/** Line and column (1-based) of the first JSON syntax error; browsers' JSON.parse messages do not all carry it. */
export function locateJsonError(text: string): { line: number; column: number } {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const offset = errors.length ? errors[0].offset : text.length;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

export function parsePage(file: string, text: string): PageLoadResult {
  try {
    const schema = JSON.parse(text);
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) {
      return { kind: 'malformed', file, line: 1, column: 1, message: '页面文件的顶层必须是一个 JSON 对象' };
    }
    return { kind: 'ok', file, schema };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'malformed', file, ...locateJsonError(text), message };
  }
}

export function pageUrls(urlAddress: string, bundles: string[]): string[] {
  const clean = urlAddress.replace(/^\/+/, '').replace(/\.json$/, '');
  return bundles.map((bundle) => `${bundle.endsWith('/') ? bundle : bundle + '/'}${clean}.json`);
}

/**
 * Try each bundle in order (a site's own first); the first file found wins.
 * Fetched fresh every time, so an edited file shows on the next open.
 */
export async function loadPage(urlAddress: string, bundles: string[], fetchImpl: typeof fetch = fetch): Promise<PageLoadResult> {
  const tried = pageUrls(urlAddress, bundles);
  for (const file of tried) {
    const res = await fetchImpl(file, { cache: 'no-store' });
    if (res.status === 404) continue;
    if (!res.ok) return { kind: 'unavailable', file, status: res.status };
    const type = res.headers.get('content-type') ?? '';
    // a dev server may answer unknown paths with index.html
    if (type.includes('text/html')) continue;
    return parsePage(file, await res.text());
  }
  return { kind: 'missing', urlAddress, tried };
}
