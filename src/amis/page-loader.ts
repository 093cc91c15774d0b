import { fragmentAddress, fragmentRefs, parseSource, resolveFragments, type FragmentFile } from '../../domain/pages/page-fragments';
import type { Locale } from '../i18n/messages';
import { translateSchema } from '../i18n/page-texts';
import { loadTextTable, textTableStore, type FetchText } from '../i18n/text-table';
import { pageUrls } from './page-urls';

/** Outcome of resolving a menu entry's urlAddress to a JSON page. */
export type PageLoadResult =
  | { kind: 'ok'; file: string; schema: Record<string, unknown> }
  | { kind: 'missing'; urlAddress: string; tried: string[] }
  | { kind: 'malformed'; file: string; line: number; column: number; message: string }
  | { kind: 'unavailable'; file: string; status: number };

export function parsePage(file: string, text: string): PageLoadResult {
  const parsed = parseSource(file, text);
  return parsed.kind === 'ok' ? { kind: 'ok', file, schema: parsed.schema } : parsed;
}

type Fetched =
  { kind: 'ok'; file: string; text: string } | { kind: 'missing'; tried: string[] } | { kind: 'unavailable'; file: string; status: number };

/** The first bundle that has the file wins. Fetched fresh every time, so an edited file shows on the next open. */
async function fetchFirst(urls: string[], fetchImpl: FetchText): Promise<Fetched> {
  for (const file of urls) {
    const res = await fetchImpl(file, { cache: 'no-store' });
    if (res.status === 404) continue;
    if (!res.ok) return { kind: 'unavailable', file, status: res.status };
    const type = res.headers.get('content-type') ?? '';
    // a dev server may answer unknown paths with index.html
    if (type.includes('text/html')) continue;
    return { kind: 'ok', file, text: await res.text() };
  }
  return { kind: 'missing', tried: urls };
}

async function fetchFragment(name: string, bundles: string[], fetchImpl: FetchText): Promise<FragmentFile> {
  const found = await fetchFirst(pageUrls(fragmentAddress(name), bundles), fetchImpl);
  return found.kind === 'ok' ? parseSource(found.file, found.text, '片段文件') : found;
}

/**
 * Try each bundle in order (a site's own first), then bring in the page's fragments the same way
 * (domain/pages/page-fragments.ts). A missing or malformed fragment fails the page like a malformed page.
 * In a locale other than zh-CN the page's texts go through the bundles' translation tables
 * (src/i18n/page-texts.ts); a text without a translation stays as written.
 */
export async function loadPage(
  urlAddress: string,
  bundles: string[],
  fetchImpl: FetchText = fetch,
  locale: Locale = 'zh-CN',
): Promise<PageLoadResult> {
  const table = loadTextTable(locale, bundles, fetchImpl).then((loaded) => {
    textTableStore.offer(locale, loaded);
    return loaded;
  });
  const found = await fetchFirst(pageUrls(urlAddress, bundles), fetchImpl);
  if (found.kind === 'missing') return { kind: 'missing', urlAddress, tried: found.tried };
  if (found.kind !== 'ok') return found;
  const page = parseSource(found.file, found.text);
  if (page.kind !== 'ok') return page;

  // fetch the fragments, and theirs, a round of parallel requests per level
  const fragments = new Map<string, FragmentFile>();
  let wanted = fragmentRefs(page.schema);
  while (wanted.length) {
    const round = await Promise.all(wanted.map(async (name) => [name, await fetchFragment(name, bundles, fetchImpl)] as const));
    for (const [name, file] of round) fragments.set(name, file);
    wanted = [...new Set(round.flatMap(([, file]) => (file.kind === 'ok' ? fragmentRefs(file.schema) : [])))].filter(
      (name) => !fragments.has(name),
    );
  }
  const resolved = resolveFragments(
    page,
    (name) => fragments.get(name) ?? { kind: 'missing', tried: pageUrls(fragmentAddress(name), bundles) },
  );
  if (resolved.kind !== 'ok') return resolved;
  return { kind: 'ok', file: page.file, schema: locale === 'zh-CN' ? resolved.schema : translateSchema(resolved.schema, await table) };
}
