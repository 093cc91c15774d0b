import { makeAutoObservable } from 'mobx';
import Cookies from 'js-cookie';
import { messages, type Locale, type MessageKey } from './messages';

const LOCALE_COOKIE = 'language';

/** Screen readers pick their voice from `<html lang>`: it follows the console's language. */
function htmlLang(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'en-US' ? 'en' : 'zh-CN';
}

class LocaleStore {
  locale: Locale = Cookies.get(LOCALE_COOKIE) === 'en-US' ? 'en-US' : 'zh-CN';

  constructor() {
    makeAutoObservable(this);
    htmlLang(this.locale);
  }

  setLocale(locale: Locale) {
    this.locale = locale;
    Cookies.set(LOCALE_COOKIE, locale);
    htmlLang(locale);
  }
}

export const localeStore = new LocaleStore();

export function t(key: MessageKey): string {
  return messages[localeStore.locale][key];
}

/** A text with `{name}` placeholders filled in: tf('page.lineColumn', { line: 3, column: 7 }). */
export function tf(key: MessageKey, values: Record<string, string | number>): string {
  return t(key).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
