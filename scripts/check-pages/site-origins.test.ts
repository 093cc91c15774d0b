import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPages, type CheckInput } from './check.ts';

/** A site bundle whose page calls its own API on another host and shows an image from a third. */
function siteBundle(declared?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-origins-'));
  mkdirSync(dir, { recursive: true });
  const page = {
    type: 'page',
    title: '站点',
    body: [
      { type: 'service', api: 'get:https://api.site.example/v1/summary', body: { type: 'tpl', tpl: '${total}' } },
      { type: 'image', src: 'https://img.site.example/logo.png', alt: '标志' },
    ],
  };
  writeFileSync(join(dir, 'summary.json'), JSON.stringify(page, null, 2));
  if (declared !== undefined) writeFileSync(join(dir, '_check.json'), JSON.stringify(declared, null, 2));
  return dir;
}

const input = (dir: string, more: Partial<CheckInput> = {}): CheckInput => ({
  bundles: [dir],
  routes: [],
  permissionCodes: new Set(),
  menuPages: [],
  root: dir,
  ...more,
});

const DECLARED = { origins: { api: ['https://api.site.example'], image: ['https://img.site.example'] } };

describe('a site bundle’s other origins', () => {
  it('names each call to an origin the bundle does not declare, with the setting that must allow it', () => {
    const { problems } = checkPages(input(siteBundle(), { siteOrigins: { api: [], image: [] } }));
    expect(problems).toEqual([
      { file: 'summary.json', path: '/body/0/api', message: expect.stringMatching(/^https:\/\/api\.site\.example .*SITE_API_ORIGINS/) },
      { file: 'summary.json', path: '/body/1/src', message: expect.stringMatching(/^https:\/\/img\.site\.example .*SITE_IMAGE_ORIGINS/) },
    ]);
  });

  it('holds the declared origins to the deployment’s configuration', () => {
    const { problems } = checkPages(input(siteBundle(DECLARED), { siteOrigins: { api: [], image: ['https://img.site.example'] } }));
    expect(problems).toEqual([
      {
        file: '_check.json',
        path: '/origins/api/0',
        message: expect.stringContaining('https://api.site.example is not allowed by SITE_API_ORIGINS (not set)'),
      },
    ]);
  });

  it('passes when the bundle declares its origins and the configuration allows them (a wildcard too)', () => {
    const siteOrigins = { api: ['https://api.site.example'], image: ['https://*.site.example'] };
    expect(checkPages(input(siteBundle(DECLARED), { siteOrigins })).problems).toEqual([]);
  });

  it('refuses a declaration that is no origin', () => {
    const { problems } = checkPages(input(siteBundle({ origins: { api: ['https://api.site.example/v1'], video: [] } })));
    expect(problems).toContainEqual({ file: '_check.json', path: '/origins/api/0', message: expect.stringContaining('is not an origin') });
    expect(problems).toContainEqual({ file: '_check.json', path: '/origins/video', message: 'unknown property "video" (api, image)' });
  });
});
