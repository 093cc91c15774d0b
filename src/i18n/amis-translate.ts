import { makeTranslator } from 'amis-core';
import type { Locale } from './messages';
import { hasCjk } from './page-texts';
import { localizeMessage } from './server-messages';

type Translate = (str: string, ...args: unknown[]) => string;

const made = new Map<Locale, Translate>();

/**
 * amis's translator for the page's locale, with one addition: a Chinese text amis's own dictionary
 * lacks (a validation message, a confirm text a renderer builds) goes through the console's
 * messages and the pages' table (src/i18n/server-messages.ts) before amis fills in its `${…}`.
 */
export function amisTranslator(locale: Locale): Translate {
  const hit = made.get(locale);
  if (hit) return hit;
  const base = makeTranslator(locale) as Translate;
  const translate: Translate =
    locale === 'zh-CN'
      ? base
      : (str, ...args) => {
          if (typeof str !== 'string' || !hasCjk(str)) return base(str, ...args);
          const own = base(str, ...args);
          return own !== str ? own : base(localizeMessage(str), ...args);
        };
  made.set(locale, translate);
  return translate;
}
