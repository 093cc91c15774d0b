import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerPageEvents } from './page-events.ts';
import { bundleFiles } from './bundle-files.ts';

/** Static hosting: the built front end at `/`, page bundles with no-store, and /app-config.json. */

export interface PageBundle {
  urlPrefix: string;
  dir: string;
}

export const REPO_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)), '..');
export const DEFAULT_PAGE_BUNDLES: PageBundle[] = [{ urlPrefix: '/pages-json/', dir: join(REPO_DIR, 'pages-json') }];

export const SITE_PAGES_PREFIX = '/site-pages/';

/** Page bundles: the site bundle (SITE_PAGES) first, then the repo's pages-json. */
export function pageBundlesOf(sitePages: string | undefined): PageBundle[] {
  const site = sitePages ? [{ urlPrefix: SITE_PAGES_PREFIX, dir: resolve(sitePages) }] : [];
  return [...site, ...DEFAULT_PAGE_BUNDLES];
}

export async function registerStatic(
  app: FastifyInstance,
  opts: { distDir?: string; pageBundles?: PageBundle[]; watchPages?: boolean },
): Promise<void> {
  const distDir = resolve(opts.distDir ?? join(REPO_DIR, 'dist'));
  const bundles = opts.pageBundles ?? DEFAULT_PAGE_BUNDLES;
  if (opts.watchPages) registerPageEvents(app, bundles);

  app.get('/app-config.json', { config: { access: 'public' } }, async (_req, reply) => {
    let config: Record<string, unknown> = {};
    const file = join(distDir, 'app-config.json');
    if (existsSync(file)) {
      try {
        config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      } catch (e) {
        app.log.warn(e, 'dist/app-config.json is not valid JSON');
      }
    }
    config.pageBundles = bundles.map((b) => b.urlPrefix);
    config.bundleFiles = Object.fromEntries(bundles.map((b) => [b.urlPrefix, bundleFiles(b.dir)]));
    reply.header('Cache-Control', 'no-store');
    return config;
  });

  let decorated = false;
  const serve = async (root: string, prefix: string, cache: (path: string) => string, preCompressed: boolean): Promise<void> => {
    if (!existsSync(root)) return;
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: !decorated,
      // the build writes .br and .gz beside its files (scripts/build/precompress.ts)
      preCompressed,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('Cache-Control', cache(relative(root, path))),
    });
    decorated = true;
  };
  // page files change without a build: never kept
  const noStore = () => 'no-store';
  for (const b of bundles) await serve(resolve(b.dir), b.urlPrefix.endsWith('/') ? b.urlPrefix : `${b.urlPrefix}/`, noStore, false);
  await serve(distDir, '/', buildCache, true);
}

/**
 * The build names its scripts and styles by content (`static/…/name.<hash>.js`): kept for a year,
 * never asked again. Everything else (index.html, the brands' logos) is asked again each time,
 * cheaply: an unchanged file answers 304. `file`: the path inside the build folder.
 */
function buildCache(file: string): string {
  return /^static[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
