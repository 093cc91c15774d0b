import { t } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import './full-screen.css';

/** Full-screen views opened from the navbar in a new window, outside the shell; their contents are not specified yet. */
export function ComingSoonView({ title, message = 'view.comingSoon' }: { title: MessageKey; message?: MessageKey }) {
  return (
    <div className="pc-full-screen">
      <h1>{t(title)}</h1>
      <p>{t(message)}</p>
      <button className="pc-btn" onClick={() => window.close()}>
        {t('view.close')}
      </button>
    </div>
  );
}
