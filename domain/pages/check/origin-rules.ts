import { originAllowed, SITE_ORIGIN_SETTINGS, type SiteOriginKind, type SiteOrigins } from '../../site-origins.ts';
import { CHECK_FILE_NAME } from './bundle-declarations.ts';
import type { RuleProblem } from './page-rules.ts';

/**
 * Other origins a page reaches: an API on another host (`"api": "https://api.site.example/x"`) or an
 * image there. The console's security policy blocks both unless the deployment allows the origin
 * (SITE_API_ORIGINS, SITE_IMAGE_ORIGINS); a bundle says which it needs in `_check.json` `origins`,
 * and check:pages holds each page to that list and the list to the configuration.
 */

type Json = Record<string, unknown>;

const API_KEY = /^(api|initApi|source|url|[a-zA-Z]+Api)$/;
/** Keys whose address a browser fetches as an image (image, images, avatar, card and list media). */
const IMAGE_KEY = /^(src|thumbnail|originalSrc|image|avatar|poster)$/;

/** The origin of an absolute http(s) address (a template in the path is fine; one in the host is not judged). */
function originOf(value: unknown): string | undefined {
  const raw = typeof value === 'string' ? value : value && typeof value === 'object' ? (value as Json).url : undefined;
  if (typeof raw !== 'string') return undefined;
  const match = /^(?:[a-z]+:)?(https?:\/\/[^/?#${}\s]+)(?:[/?#]|$)/i.exec(raw.trim());
  return match?.[1].toLowerCase();
}

function collect(node: unknown, path: string, out: { kind: SiteOriginKind; origin: string; path: string }[]) {
  if (Array.isArray(node)) node.forEach((child, i) => collect(child, `${path}/${i}`, out));
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  for (const [key, value] of Object.entries(node as Json)) {
    const here = `${path}/${key}`;
    const kind: SiteOriginKind | undefined = API_KEY.test(key) ? 'api' : IMAGE_KEY.test(key) ? 'image' : undefined;
    const origin = kind ? originOf(value) : undefined;
    if (kind && origin) out.push({ kind, origin, path: here });
    else collect(value, here, out);
  }
}

/** Each other origin a page reaches that its bundle's `_check.json` does not declare. */
export function checkPageOrigins(page: unknown, declared: SiteOrigins): RuleProblem[] {
  const found: { kind: SiteOriginKind; origin: string; path: string }[] = [];
  collect(page, '', found);
  return found
    .filter(({ kind, origin }) => !originAllowed(origin, declared[kind]))
    .map(({ kind, origin, path }) => ({
      path,
      message: `${origin} is another origin: declare it in ${CHECK_FILE_NAME} "origins": {"${kind}": […]} and allow it with ${SITE_ORIGIN_SETTINGS[kind].setting}, else the browser blocks it`,
    }));
}

/** Each origin a bundle declares that the deployment's configuration does not allow (`/origins/api/0`). */
export function checkDeclaredOrigins(declared: SiteOrigins, configured: SiteOrigins): RuleProblem[] {
  return (Object.keys(SITE_ORIGIN_SETTINGS) as SiteOriginKind[]).flatMap((kind) =>
    declared[kind].flatMap((origin, i) => {
      if (originAllowed(origin, configured[kind])) return [];
      const { setting } = SITE_ORIGIN_SETTINGS[kind];
      const now = configured[kind].length ? configured[kind].join(', ') : 'not set';
      return [
        {
          path: `/origins/${kind}/${i}`,
          message: `${origin} is not allowed by ${setting} (${now}): the browser blocks the site's ${kind === 'api' ? 'requests' : 'images'} there; add it to ${setting}`,
        },
      ];
    }),
  );
}
