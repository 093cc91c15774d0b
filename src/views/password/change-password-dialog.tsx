import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { userStore } from '../../stores/user-store';
import { SESSION_EXPIRED_CODES } from '../../api/error-catalogue';
import { feedback } from '../../feedback/feedback-store';
import { t } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { checkConfirmPassword, checkNewPassword } from './password-rules';
import { updatePassword } from './password-api';
import './password.css';

const RELOAD_DELAY_MS = 1000;

/** The change-password dialog of the host (not amis): it must work on any page, with or without amis loaded. */
export const ChangePasswordDialog = observer(function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: MessageKey | null; confirm?: MessageKey | null }>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = { password: checkNewPassword(password), confirm: checkConfirmPassword(confirm, password) };
    setErrors(next);
    if (next.confirm === 'password.mismatch') feedback.notify('error', t('password.mismatch'));
    if (next.password || next.confirm || busy || !userStore.user) return;
    setBusy(true);
    try {
      const res = await updatePassword(userStore.user.userId, password, confirm);
      if (res.code === 200) {
        feedback.notify('success', t('password.success'));
        setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
        return;
      }
      // the client already shows session and HTTP failures; business refusals are shown here
      if (!SESSION_EXPIRED_CODES.includes(res.code)) feedback.notify('error', res.msg);
    } catch {
      // reported by the client
    }
    setBusy(false);
  }

  return (
    <div className="pc-modal-mask">
      <form
        className="pc-modal pc-password"
        role="dialog"
        aria-modal="true"
        aria-labelledby="pc-password-title"
        onSubmit={onSubmit}
        noValidate
      >
        <div className="pc-modal__title" id="pc-password-title">
          {t('password.title')}
        </div>
        <div className="pc-modal__body">
          <label className="pc-field">
            <span className="pc-field__label">{t('password.new')}</span>
            <input
              name="userPassword"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={() => setErrors((old) => ({ ...old, password: checkNewPassword(password) }))}
            />
            {errors.password ? <span className="pc-field__error">{t(errors.password)}</span> : null}
          </label>
          <label className="pc-field">
            <span className="pc-field__label">{t('password.confirm')}</span>
            <input
              name="validatePassword"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              onBlur={() => setErrors((old) => ({ ...old, confirm: checkConfirmPassword(confirm, password) }))}
            />
            {errors.confirm ? <span className="pc-field__error">{t(errors.confirm)}</span> : null}
          </label>
        </div>
        <div className="pc-modal__footer">
          <button type="button" className="pc-btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="pc-btn pc-btn--primary" disabled={busy}>
            {t('common.ok')}
          </button>
        </div>
      </form>
    </div>
  );
});
