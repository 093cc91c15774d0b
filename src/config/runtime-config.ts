/**
 * The runtime configuration file served beside the build (`app-config.json`):
 * editable per deployment without a rebuild.
 */
export interface RuntimeConfig {
  siteTitle: string;
  /** URL prefixes searched in order for `<prefix><urlAddress>.json` */
  pageBundles: string[];
  [key: string]: unknown;
}

const DEFAULTS: RuntimeConfig = {
  siteTitle: '智慧停车管理平台',
  pageBundles: ['/pages-json/'],
};

let pending: Promise<RuntimeConfig> | null = null;

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('app-config.json', { cache: 'no-store' })
    .then((res) => (res.ok ? res.json() : {}))
    .catch(() => ({}))
    .then((json: Partial<RuntimeConfig>) => ({
      ...DEFAULTS,
      ...json,
      pageBundles: Array.isArray(json.pageBundles) && json.pageBundles.length ? json.pageBundles : DEFAULTS.pageBundles,
    }));
  return pending;
}
