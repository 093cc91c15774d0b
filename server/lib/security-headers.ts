import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { NO_SITE_ORIGINS, type SiteOrigins } from '../../domain/site-origins.ts';

/** AMap's JS API 2.0 loads its script, tiles and services from these hosts. */
const AMAP_ORIGINS = ['https://webapi.amap.com', 'https://restapi.amap.com', 'https://*.amap.com', 'https://*.is.autonavi.com'];

/** True when the deployment's runtime configuration names an AMap key (the one third-party origin allowed). */
export function amapConfigured(distDir: string): boolean {
  const file = join(resolve(distDir), 'app-config.json');
  if (!existsSync(file)) return false;
  try {
    return Boolean((JSON.parse(readFileSync(file, 'utf8')) as { amapKey?: string }).amapKey);
  } catch {
    return false;
  }
}

/**
 * The CSP sources of the inline scripts the build wrote into the drivers' page, scan.html (its early
 * bill call, scripts/build/scan-early-bill.ts): each allowed by its sha256, so no other inline script
 * runs. None when there is no such page.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const file = join(resolve(distDir), 'scan.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => m[1].trim())
    .map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
}

/**
 * Security headers on every answer, with a Content-Security-Policy as strict as amis allows: scripts
 * only from this origin (no inline script but scan.html's own, by hash; eval for amis's page scripts), no third-party origin except AMap when a key is set,
 * inline styles (amis positions popovers and sizes columns with style attributes), `data:`/`blob:`
 * images (captcha, QR previews, uploads before they are sent) and blob workers (amis's code editor).
 * A deployment opens it for its site's own API and image hosts (SITE_API_ORIGINS, SITE_IMAGE_ORIGINS).
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  opts: { amap: boolean; siteOrigins?: SiteOrigins; inlineScripts?: string[] },
): Promise<void> {
  const amap = opts.amap ? AMAP_ORIGINS : [];
  const site = opts.siteOrigins ?? NO_SITE_ORIGINS;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // amis runs the scripts a page may carry (`custom` renderers, `actionType: "custom"`) through
        // new Function: pages are ours (bundles on this server), data never becomes script
        scriptSrc: ["'self'", "'unsafe-eval'", ...amap, ...(opts.inlineScripts ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...amap, ...site.image],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...amap, ...site.api],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // the console opens its own downloads and images in new tabs
    crossOriginEmbedderPolicy: false,
    hsts: false, // TLS is the deployment's front proxy's business
  });
}
