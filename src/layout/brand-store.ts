import { makeAutoObservable, runInAction } from 'mobx';
import Cookies from 'js-cookie';
import { brandFor, loadRuntimeConfig, type Brand, type RuntimeConfig } from '../config/runtime-config';
import { settingsStore } from '../stores/settings-store';
import { uiText } from '../i18n/text-table';

export const ACCOUNT_COOKIE = 'account';
const FALLBACK_TITLE = '智慧停车管理平台';

/**
 * The deployment variant, picked by the `account` cookie from the runtime
 * configuration (editable beside the build, no rebuild needed).
 */
class BrandStore {
  config: RuntimeConfig | null = null;
  account = Cookies.get(ACCOUNT_COOKIE) ?? '';

  constructor() {
    makeAutoObservable(this);
  }

  get brand(): Brand {
    const picked = this.config ? brandFor(this.config, this.account) : undefined;
    return picked ?? { siteTitle: this.config?.siteTitle ?? FALLBACK_TITLE, logo: 'brands/default.svg' };
  }

  /** In the reader's language when the bundles' translation table has it (docs/pages.md, Language). */
  get siteTitle(): string {
    return uiText(this.brand.siteTitle || FALLBACK_TITLE);
  }

  async load() {
    const config = await loadRuntimeConfig();
    runInAction(() => {
      this.config = config;
    });
    // the footer and filing numbers live in the settings state (spec §3)
    const brand = this.brand;
    const footer = config.footer;
    const show = Boolean(footer && this.account && footer.account === this.account);
    settingsStore.changeSetting({ key: 'showFooter', value: show });
    settingsStore.changeSetting({ key: 'footerTxt', value: show ? String(footer!.text ?? '') : '' });
    for (const key of ['caseNumber', 'ycCaseNumber', 'lzCaseNumber', 'ptCaseNumber'] as const) {
      settingsStore.changeSetting({ key, value: String(brand[key] ?? '') });
    }
  }

  get caseNumberLink(): string {
    const link = this.config?.footer?.caseNumberLink ?? '';
    // only a web address may become a link
    return /^https?:\/\//.test(link) ? link : '';
  }
}

export const brandStore = new BrandStore();
