import { useEffect, useState } from 'react';
import { brandFor, loadRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { parseTable, translateText } from '../i18n/page-texts';
import type { Locale } from './i18n';

/**
 * The deployment's brand as the console shows it (src/layout/brand-store.ts, without mobx): the
 * runtime configuration's variant for the `account` cookie, else its default; in English, its
 * title from the page bundles' translation tables (docs/pages.md, Language).
 */

export interface PublicBrand {
  title: string;
  logo: string;
}

export const ACCOUNT_COOKIE = 'account';
const FALLBACK: PublicBrand = { title: '智慧停车管理平台', logo: 'brands/default.svg' };

function cookie(name: string): string {
  const m = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(typeof document === 'undefined' ? '' : document.cookie);
  return m ? decodeURIComponent(m[1]) : '';
}

/** The brand of `config` for the `account` cookie's value. */
export function brandOf(config: RuntimeConfig | null, account = cookie(ACCOUNT_COOKIE)): PublicBrand {
  if (!config) return FALLBACK;
  const picked = brandFor(config, account);
  return { title: picked?.siteTitle || config.siteTitle || FALLBACK.title, logo: picked ? picked.logo : FALLBACK.logo };
}

/** The title in English from the bundles' tables, when one of them has it. */
async function translatedTitle(title: string, bundles: string[]): Promise<string> {
  for (const bundle of bundles) {
    try {
      const res = await fetch(`${bundle.endsWith('/') ? bundle : `${bundle}/`}_i18n/en-US.json`);
      if (!res.ok || (res.headers.get('content-type') ?? '').includes('text/html')) continue;
      const translated = translateText(title, parseTable(await res.json()));
      if (translated !== title) return translated;
    } catch {
      // a bundle without a table adds nothing
    }
  }
  return title;
}

/** The brand, once the configuration has come (the fallback until then). */
export function useBrand(locale: Locale): PublicBrand {
  const [brand, setBrand] = useState<PublicBrand>(FALLBACK);
  useEffect(() => {
    let live = true;
    void loadRuntimeConfig().then(async (config) => {
      const b = brandOf(config);
      if (live) setBrand(b);
      if (locale === 'en-US') {
        const title = await translatedTitle(b.title, config.pageBundles);
        if (live && title !== b.title) setBrand({ ...b, title });
      }
    });
    return () => {
      live = false;
    };
  }, [locale]);
  return brand;
}
