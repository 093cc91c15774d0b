import { observer } from 'mobx-react-lite';
import { appStore, SIZES, type Size } from '../stores/app-store';
import { feedback } from '../feedback/feedback-store';
import { localeStore, t } from '../i18n';
import type { Locale } from '../i18n/messages';
import { Dropdown } from './dropdown';
import { navbarRoutes } from '../../domain/pages/host-routes';
import { hostTitle } from './route-info';
import { routeAccess } from '../router/current-route';

/** Fullscreen toggle; warns where the browser cannot do it (spec §8). */
export function ScreenfullButton() {
  function toggle() {
    if (!document.fullscreenEnabled) {
      feedback.notify('warning', t('nav.fullscreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => feedback.notify('warning', t('nav.fullscreenUnsupported')));
  }
  return (
    <button className="pc-navbar__item" onClick={toggle} aria-label={t('nav.fullscreen')} title={t('nav.fullscreen')}>
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
      </svg>
    </button>
  );
}

/** Control size for the shell and every amis page; persisted in the `size` cookie. */
export const SizeSelect = observer(function SizeSelect() {
  return (
    <Dropdown
      className="pc-size-select"
      label={t('nav.size')}
      trigger={<span aria-hidden>Aa</span>}
      items={SIZES.map((size) => ({ key: size, label: t(`size.${size}`), active: appStore.size === size }))}
      onSelect={(key) => {
        appStore.setSize(key as Size);
        feedback.notify('success', t('nav.sizeChanged'), undefined, 2000);
      }}
    />
  );
});

const LANGUAGES: { key: Locale; label: string }[] = [
  { key: 'zh-CN', label: '中文' },
  { key: 'en-US', label: 'English' },
];

/** zh-CN by default; the choice is kept in the `language` cookie and amis pages follow it. */
export const LangSelect = observer(function LangSelect() {
  return (
    <Dropdown
      className="pc-lang-select"
      label={t('nav.language')}
      trigger={<span aria-hidden>{localeStore.locale === 'zh-CN' ? '中' : 'En'}</span>}
      items={LANGUAGES.map((l) => ({ key: l.key, label: l.label, active: localeStore.locale === l.key }))}
      onSelect={(key) => localeStore.setLocale(key as Locale)}
    />
  );
});

/** The full-screen views the user may open (routes.ts, `menus`), each in a new window, outside the shell. */
export const ViewLinks = observer(function ViewLinks() {
  return (
    <>
      {navbarRoutes()
        .filter((v) => routeAccess(v.path) === 'open')
        .map((v) => (
          <button key={v.path} className="pc-navbar__item pc-navbar__text" onClick={() => window.open(`#${v.path}`, '_blank', 'noopener')}>
            {hostTitle(v)}
          </button>
        ))}
    </>
  );
});
