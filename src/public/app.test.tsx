// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { PublicApp } from './app';
import { DICTIONARIES, setLocale } from './i18n';
import { byTestId, click, fakeFetch, render, settle, until } from './test-kit';
import { billOf } from './test-kit';

/** The runtime configuration as the server serves it beside the build. */
function serveConfig() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).endsWith('app-config.json')
        ? new Response(
            JSON.stringify({ siteTitle: '智慧停车管理平台', brands: { default: { siteTitle: '城市智慧停车', logo: 'brands/city.svg' } } }),
          )
        : new Response('{}', { status: 404 }),
    ),
  );
}

describe('scan.html (PublicApp)', () => {
  beforeEach(() => {
    serveConfig();
    // jsdom has no scrolling
    window.scrollTo = () => undefined;
    document.cookie = 'language=zh-CN; path=/';
  });
  afterEach(() => {
    act(() => setLocale('zh-CN'));
    vi.unstubAllGlobals();
  });

  it('the scan-exit pages take the bare site title and show the logo', async () => {
    window.location.hash = '#/scanQRcode?parkingId=p-1&laneId=l-1';
    const fake = fakeFetch({ 'GET /api/public/Scan/Lane': { data: billOf('bill') } });
    const el = render(<PublicApp />, fake.api);
    await until(() => document.title === '城市智慧停车');
    expect(byTestId(el, 'public-brand')?.querySelector('img')?.getAttribute('src')).toBe('brands/city.svg');
    expect(byTestId(el, 'bill-bill')).not.toBeNull();
  });

  it('the other pages put their own title before the site title', async () => {
    window.location.hash = '#/scanGroupCardQrcode';
    render(<PublicApp />);
    await until(() => document.title === '团体卡 - 城市智慧停车');
  });

  it('an unknown path: page not found, plainly', async () => {
    window.location.hash = '#/nothing-here';
    const el = render(<PublicApp />);
    await settle();
    expect(el.querySelector('h1')?.textContent).toBe('页面不存在');
  });

  it("switches to English and back, keeping the choice in the console's language cookie", async () => {
    window.location.hash = '#/scanGroupCardQrcode';
    const el = render(<PublicApp />);
    await settle();
    await click(byTestId(el, 'lang-switch')!);
    expect(document.cookie).toContain('language=en-US');
    expect(document.documentElement.lang).toBe('en');
    expect(el.querySelector('h1')?.textContent).toBe('Group card');
    await click(byTestId(el, 'lang-switch')!);
    expect(el.querySelector('h1')?.textContent).toBe('团体卡查询');
    expect(document.cookie).toContain('language=zh-CN');
  });

  it('both languages have every text, none empty', () => {
    const zh = DICTIONARIES['zh-CN'];
    const en = DICTIONARIES['en-US'];
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const [key, text] of Object.entries(en)) expect([key, text.length > 0]).toEqual([key, true]);
    // English is English: no Chinese left in it
    const cjk = /[\u3400-\u9fff]/;
    expect(Object.entries(en).filter(([, text]) => cjk.test(text))).toEqual([
      ['lang.switch', '中文'],
      ['lang.switchLabel', '切换到中文'],
    ]);
  });
});
