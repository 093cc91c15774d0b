import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../config.ts';
import { installSecurityHeaders } from './security-headers.ts';

/** The policy a deployment's answers carry, directive by directive. */
async function policyOf(env: Record<string, string>): Promise<Record<string, string>> {
  const app = Fastify();
  await installSecurityHeaders(app, { amap: false, siteOrigins: readConfig(env).siteOrigins });
  app.get('/', async () => 'ok');
  const res = await app.inject({ url: '/' });
  await app.close();
  const header = String(res.headers['content-security-policy']);
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
}

describe('the security policy for a site’s own origins', () => {
  it('lets pages reach only the console’s own origin by default', async () => {
    const policy = await policyOf({});
    expect(policy['connect-src']).toBe("'self'");
    expect(policy['img-src']).toBe("'self' data: blob:");
  });

  it('opens connect-src to SITE_API_ORIGINS and img-src to SITE_IMAGE_ORIGINS', async () => {
    const policy = await policyOf({
      SITE_API_ORIGINS: 'https://api.site.example, http://10.0.0.5:8080',
      SITE_IMAGE_ORIGINS: 'https://*.img.example',
    });
    expect(policy['connect-src']).toBe("'self' https://api.site.example http://10.0.0.5:8080");
    expect(policy['img-src']).toBe("'self' data: blob: https://*.img.example");
    // an API origin is no image origin: each setting opens its own directive only
    expect(policy['img-src']).not.toContain('api.site.example');
  });

  it('stops the start naming the setting when an entry is no origin', () => {
    expect(() => readConfig({ SITE_API_ORIGINS: 'https://api.site.example/v1' })).toThrow(ConfigError);
    expect(() => readConfig({ SITE_API_ORIGINS: 'https://api.site.example/v1' })).toThrow(
      /SITE_API_ORIGINS: "https:\/\/api\.site\.example\/v1" is not an origin/,
    );
    expect(() => readConfig({ SITE_IMAGE_ORIGINS: 'img.site.example' })).toThrow(
      /SITE_IMAGE_ORIGINS: "img\.site\.example" is not an origin/,
    );
    expect(() => readConfig({ SITE_API_ORIGINS: "https://a.example 'unsafe-inline'" })).toThrow(/SITE_API_ORIGINS/);
  });
});
