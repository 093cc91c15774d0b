import { observer } from 'mobx-react-lite';
import { settingsStore, type SettingKey } from '../stores/settings-store';
import { feedback } from '../feedback/feedback-store';
import { applyTheme, PANEL_COLORS } from '../styles/theme';
import { t } from '../i18n';
import type { MessageKey } from '../i18n/messages';

const THEME_MESSAGE_MS = 800;

const SWITCHES: { key: SettingKey; label: MessageKey }[] = [
  { key: 'tagsView', label: 'settings.tagsView' },
  { key: 'fixedHeader', label: 'settings.fixedHeader' },
  { key: 'sidebarLogo', label: 'settings.sidebarLogo' },
  { key: 'uniqueOpened', label: 'settings.uniqueOpened' },
];

export function chooseTheme(color: string) {
  const notice = feedback.notify('info', t('settings.themeLoading'), undefined, 0);
  // let the message paint before the whole page restyles
  requestAnimationFrame(() => {
    applyTheme(color);
    settingsStore.changeSetting({ key: 'theme', value: color });
    setTimeout(() => feedback.dismiss(notice), THEME_MESSAGE_MS);
  });
}

/** The right panel 'system layout settings'; a click outside it closes it. */
export const SettingsPanel = observer(function SettingsPanel() {
  const { settings, themeChosen } = settingsStore;
  if (!settings.showSettings) return null;
  const close = () => settingsStore.changeSetting({ key: 'showSettings', value: false });
  const current = (themeChosen ? settings.theme : PANEL_COLORS[0]).toLowerCase();
  return (
    <div className="pc-right-panel">
      <div className="pc-right-panel__mask" data-testid="settings-mask" onClick={close} />
      <aside className="pc-right-panel__body" role="dialog" aria-labelledby="pc-settings-title">
        <div className="pc-right-panel__head">
          <h3 id="pc-settings-title">{t('settings.title')}</h3>
          <button className="pc-right-panel__close" aria-label={t('settings.close')} onClick={close}>
            ×
          </button>
        </div>
        <div className="pc-setting">
          <span>{t('settings.theme')}</span>
          <div className="pc-swatches" role="radiogroup" aria-label={t('settings.theme')}>
            {PANEL_COLORS.map((color) => (
              <button
                key={color}
                role="radio"
                aria-checked={current === color.toLowerCase()}
                aria-label={color}
                title={color}
                className="pc-swatch"
                style={{ background: color }}
                onClick={() => chooseTheme(color)}
              />
            ))}
          </div>
        </div>
        {SWITCHES.map(({ key, label }) => (
          <label key={key} className="pc-setting">
            <span>{t(label)}</span>
            <input
              type="checkbox"
              role="switch"
              checked={Boolean(settings[key])}
              onChange={(e) => settingsStore.changeSetting({ key, value: e.target.checked })}
            />
          </label>
        ))}
      </aside>
    </div>
  );
});
