import { describe, expect, it } from 'vitest';
import { SettingsStore, SETTINGS_STORAGE_KEY } from './settings-store';
import { memoryStorage } from '../test-support/memory-storage';

describe('settings store', () => {
  it('has the spec defaults', () => {
    const s = new SettingsStore(memoryStorage());
    expect(s.settings).toMatchObject({ theme: '#1890ff', showSettings: false, tagsView: true, fixedHeader: false, sidebarLogo: true });
    expect(s.themeChosen).toBe(false);
  });

  it('changes only keys that already exist', () => {
    const s = new SettingsStore(memoryStorage());
    expect(s.changeSetting({ key: 'fixedHeader', value: true })).toBe(true);
    expect(s.settings.fixedHeader).toBe(true);
    expect(s.changeSetting({ key: 'nope', value: 1 })).toBe(false);
    expect('nope' in s.settings).toBe(false);
    expect(s.changeSetting({ key: 'toString', value: 'x' })).toBe(false);
  });

  it('keeps the type of a setting', () => {
    const s = new SettingsStore(memoryStorage());
    expect(s.changeSetting({ key: 'tagsView', value: 'yes' })).toBe(false);
    expect(s.settings.tagsView).toBe(true);
  });

  it('survives a reload for the panel settings', () => {
    const storage = memoryStorage();
    const s = new SettingsStore(storage);
    s.changeSetting({ key: 'theme', value: '#13c2c2' });
    s.changeSetting({ key: 'tagsView', value: false });
    s.changeSetting({ key: 'showSettings', value: true });
    const again = new SettingsStore(storage);
    expect(again.settings).toMatchObject({ theme: '#13c2c2', tagsView: false, showSettings: false });
    expect(again.themeChosen).toBe(true);
  });

  it('ignores a broken saved value', () => {
    expect(new SettingsStore(memoryStorage({ [SETTINGS_STORAGE_KEY]: '{oops' })).settings.theme).toBe('#1890ff');
  });
});
