import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers.ts';

function distWith(config: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'app-config.json'), JSON.stringify(config));
  return dir;
}

describe('security headers', () => {
  it('a strict Content-Security-Policy with no third-party origin by default', async () => {
    const dist = distWith({ amapKey: '' });
    const { app } = await buildTestApp({ distDir: dist });
    for (const url of ['/', '/api/oauth/CurrentUser']) {
      const res = await app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' 'unsafe-eval';");
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
      expect(scriptSrc).not.toContain('unsafe-inline'); // no inline script
      expect(csp).not.toMatch(/amap|\*/);
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("allows scan.html's own inline script by its hash, and no other", async () => {
    const dist = distWith({ amapKey: '' });
    const early = 'window.__earlyBill=1;';
    writeFileSync(join(dist, 'scan.html'), `<head><script>${early}</script><script defer src="/static/js/scan.js"></script></head>`);
    const { app } = await buildTestApp({ distDir: dist });
    const csp = String((await app.inject('/')).headers['content-security-policy']);
    const hash = createHash('sha256').update(early).digest('base64');
    expect(csp).toContain(`script-src 'self' 'unsafe-eval' 'sha256-${hash}';`);
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('allows AMap only when a map key is configured', async () => {
    const dist = distWith({ amapKey: 'k' });
    const { app } = await buildTestApp({ distDir: dist });
    const csp = String((await app.inject('/')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'unsafe-eval' https:\/\/webapi\.amap\.com/);
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });
});
