/**
 * The runtime configuration file served beside the build (`app-config.json`):
 * editable per deployment without a rebuild.
 */
export interface RuntimeConfig {
  siteTitle: string;
  /** URL prefixes searched in order for `<prefix><urlAddress>.json` */
  pageBundles: string[];
  /** each bundle's JSON files (`parking/parkingAdmin`, `_routes`), as the server lists them; absent from a plain static host */
  bundleFiles?: Record<string, string[]>;
  /** deployment variants keyed by the `account` cookie value, plus `default` (shell brand) */
  brands?: Record<
    string,
    { siteTitle: string; logo: string; caseNumber?: string; ycCaseNumber?: string; lzCaseNumber?: string; ptCaseNumber?: string }
  >;
  /** the footer, shown only when the `account` cookie equals `account` (shell) */
  footer?: { account: string; text: string; caseNumberLink: string };
  /** AMap JS API 2.0 key; without it the location picker offers manual entry */
  amapKey?: string;
  amapSecurityCode?: string;
  /** exposed addresses (API docs, socket, upload targets) for the tools page */
  addresses?: Record<string, unknown>;
  [key: string]: unknown;
}

export type Brand = NonNullable<RuntimeConfig['brands']>[string];

/**
 * Whether a bundle has a file (`_routes`, `parking/parkingAdmin`), as the server listed them at
 * start; undefined when the server does not list them (ask, as before).
 */
export function bundleHas(config: Pick<RuntimeConfig, 'bundleFiles'>, bundle: string, name: string): boolean | undefined {
  const files = config.bundleFiles?.[bundle];
  return Array.isArray(files) ? files.includes(name) : undefined;
}

/** The bundles that may have a file, in order: those listing it, or every bundle when the server lists none. */
export function bundlesWith(config: Pick<RuntimeConfig, 'bundleFiles' | 'pageBundles'>, name: string): string[] {
  return config.pageBundles.filter((bundle) => bundleHas(config, bundle, name) !== false);
}

/** The deployment variant an `account` cookie value picks, else the default one. */
export function brandFor(config: RuntimeConfig, account: string | undefined): Brand | undefined {
  return (account ? config.brands?.[account] : undefined) ?? config.brands?.default;
}

const DEFAULTS: RuntimeConfig = {
  siteTitle: '智慧停车管理平台',
  pageBundles: ['/pages-json/'],
};

let pending: Promise<RuntimeConfig> | null = null;
let loaded: RuntimeConfig | undefined;

/** The configuration once loaded, for a first render that need not wait a turn for it. */
export function loadedRuntimeConfig(): RuntimeConfig | undefined {
  return loaded;
}

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('app-config.json', { cache: 'no-store' })
    .then((res) => (res.ok ? res.json() : {}))
    .catch(() => ({}))
    .then((json: Partial<RuntimeConfig>) => ({
      ...DEFAULTS,
      ...json,
      pageBundles: Array.isArray(json.pageBundles) && json.pageBundles.length ? json.pageBundles : DEFAULTS.pageBundles,
    }))
    .then((config) => (loaded = config));
  return pending;
}
