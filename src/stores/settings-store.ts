import { makeAutoObservable } from 'mobx';
import { readJson, writeJson, type KeyValueStorage } from '../utils/local-store';

/** Spec §3 "Settings". The panel's own default colour is PANEL_DEFAULT_THEME. */
export const SETTINGS_DEFAULTS = {
  theme: '#1890ff',
  showSettings: false,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  uniqueOpened: true,
  showFooter: false,
  footerTxt: '',
  caseNumber: '',
  ycCaseNumber: '',
  lzCaseNumber: '',
  ptCaseNumber: '',
};

export type Settings = typeof SETTINGS_DEFAULTS;
export type SettingKey = keyof Settings;

/** What the user chose in the panel survives a reload; the rest comes from the runtime config. */
const PERSISTED: SettingKey[] = ['theme', 'tagsView', 'fixedHeader', 'sidebarLogo', 'uniqueOpened'];
export const SETTINGS_STORAGE_KEY = 'pc-settings';

export class SettingsStore {
  settings: Settings = { ...SETTINGS_DEFAULTS };
  /** whether the theme came from the user (then it is applied at start-up) */
  themeChosen = false;
  private readonly storage: KeyValueStorage | undefined;

  /** `storage`: where the panel's choices are kept; the browser's localStorage unless a test gives its own. */
  constructor(storage?: KeyValueStorage) {
    this.storage = storage;
    makeAutoObservable<SettingsStore, 'storage'>(this, { storage: false });
    const saved = readJson<Partial<Record<string, unknown>>>(SETTINGS_STORAGE_KEY, this.storage) ?? {};
    for (const key of PERSISTED) {
      if (key in saved) this.apply(key, saved[key]);
    }
    this.themeChosen = typeof saved.theme === 'string';
  }

  /** Applies only keys that already exist, with the type they already have (spec §3). */
  changeSetting({ key, value }: { key: string; value: unknown }): boolean {
    const changed = this.apply(key, value);
    if (changed && key === 'theme') this.themeChosen = true;
    if (changed && (PERSISTED as string[]).includes(key)) this.save();
    return changed;
  }

  private apply(key: string, value: unknown): boolean {
    if (!Object.prototype.hasOwnProperty.call(SETTINGS_DEFAULTS, key)) return false;
    const k = key as SettingKey;
    if (typeof value !== typeof SETTINGS_DEFAULTS[k]) return false;
    (this.settings as Record<SettingKey, unknown>)[k] = value;
    return true;
  }

  private save() {
    const out: Partial<Settings> & { theme?: string } = {};
    for (const key of PERSISTED) (out as Record<string, unknown>)[key] = this.settings[key];
    if (!this.themeChosen) delete out.theme;
    writeJson(SETTINGS_STORAGE_KEY, out, this.storage);
  }
}

export const settingsStore = new SettingsStore();
