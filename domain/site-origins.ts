/**
 * Origins a deployment lets its pages reach beyond its own (Content-Security-Policy): a site's own
 * API on another host, its image host. One definition for the server (config.ts, the policy), the
 * page checker (a bundle's `_check.json` declares what it needs) and the console (a blocked request
 * names its setting).
 */

export type SiteOriginKind = 'api' | 'image';

/** Each kind's setting (an environment variable, README's table) and the policy directive it opens. */
export const SITE_ORIGIN_SETTINGS: Record<SiteOriginKind, { setting: string; directive: string }> = {
  api: { setting: 'SITE_API_ORIGINS', directive: 'connect-src' },
  image: { setting: 'SITE_IMAGE_ORIGINS', directive: 'img-src' },
};

export type SiteOrigins = Record<SiteOriginKind, string[]>;

export const NO_SITE_ORIGINS: SiteOrigins = { api: [], image: [] };

/** `https://api.example.com`, `http://10.0.0.5:8080`, `https://*.example.com`: scheme, host, optional port, nothing else. */
const ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** Why a text is no origin a policy may name, or '' when it is one. */
export function originProblem(text: string): string {
  if (!ORIGIN.test(text)) return `"${text}" is not an origin such as https://api.example.com (scheme and host, optional port, no path)`;
  const port = /:(\d+)$/.exec(text)?.[1];
  if (port && Number(port) > 65535) return `"${text}" has no valid port`;
  return '';
}

/** A comma- or blank-separated list of origins, each checked; problems name the setting. */
export function parseOriginList(raw: string | undefined, setting: string): { origins: string[]; problems: string[] } {
  const items = (raw ?? '').split(/[\s,]+/).filter(Boolean);
  const problems = items.map(originProblem).filter(Boolean);
  return { origins: [...new Set(items.map((o) => o.toLowerCase()))], problems: problems.map((p) => `${setting}: ${p}`) };
}

/** Whether a policy's list admits an origin (`https://*.example.com` admits any subdomain). */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  const o = origin.toLowerCase();
  return allowed.some((a) => {
    if (!a.includes('*.')) return a === o;
    const [scheme, rest] = a.split('://*.');
    return o.startsWith(`${scheme}://`) && o.endsWith(`.${rest}`);
  });
}

/** The kind of origin a violated directive is about (`connect-src`, `img-src`), if one of ours. */
export function kindOfDirective(directive: string): SiteOriginKind | undefined {
  const name = directive.split(/\s/)[0];
  return (Object.keys(SITE_ORIGIN_SETTINGS) as SiteOriginKind[]).find((k) => SITE_ORIGIN_SETTINGS[k].directive === name);
}
