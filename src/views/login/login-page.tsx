import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { userStore } from '../../stores/user-store';
import { fetchCaptcha, fetchSmsSwitch } from '../../api/auth';
import { feedback } from '../../feedback/feedback-store';
import { hashPassword } from '../../utils/password-hash';
import { safeRedirect } from '../../utils/safe-redirect';
import { t } from '../../i18n';
import { SmsCodeField } from './sms-code-field';
import { brandStore } from '../../layout/brand-store';
import './login.css';

interface Captcha {
  timestamp: string;
  image: string;
}

export const LoginPage = observer(function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaText, setCaptchaText] = useState('');
  const [smsEnabled, setSmsEnabled] = useState(false);
  const [smsCode, setSmsCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    fetchSmsSwitch()
      .then((res) => setSmsEnabled(res.code === 200 && Boolean(res.data?.enabled)))
      .catch(() => setSmsEnabled(false));
  }, []);

  async function loadCaptcha() {
    try {
      const res = await fetchCaptcha();
      if (res.code === 200) setCaptcha(res.data);
      setCaptchaText('');
    } catch {
      // the client already told the user the call failed
    }
  }

  function validate(): boolean {
    const next: Record<string, string> = {};
    if (!account.trim()) next.account = t('login.accountRequired');
    if (!password) next.password = t('login.passwordRequired');
    if (captcha && !captchaText.trim()) next.code = t('login.captchaRequired');
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting || !validate()) return;
    setSubmitting(true);
    try {
      const res = await userStore.login({
        account: account.trim(),
        password: hashPassword(password),
        rememberMe,
        code: captcha ? captchaText.trim() : undefined,
        timestamp: captcha?.timestamp,
        smsCode: smsEnabled ? smsCode.trim() : undefined,
      });
      if (res.code === 200) {
        navigate(safeRedirect(params.get('redirect')), { replace: true, state: { signedIn: true } });
        return;
      }
      feedback.notify('error', t('login.failed'), res.msg);
      // a captcha is single-use: show a fresh one whenever the server wants one
      if (res.data?.captchaRequired || captcha) await loadCaptcha();
    } catch {
      // network errors were reported by the client; what was typed stays
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="pc-login">
      <form className="pc-login__form" onSubmit={onSubmit} noValidate aria-label={t('login.title')}>
        {/* the deployment's brand by the `account` cookie, as the sidebar shows it */}
        <h1 className="pc-login__title" data-testid="login-brand">
          {brandStore.brand.logo ? <img className="pc-login__logo" src={brandStore.brand.logo} alt="" /> : null}
          {brandStore.siteTitle}
        </h1>
        <label className="pc-field">
          <span className="pc-field__label">{t('login.account')}</span>
          <input name="account" autoComplete="username" value={account} onChange={(e) => setAccount(e.target.value)} />
          {errors.account ? <span className="pc-field__error">{errors.account}</span> : null}
        </label>
        <label className="pc-field">
          <span className="pc-field__label">{t('login.password')}</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {errors.password ? <span className="pc-field__error">{errors.password}</span> : null}
        </label>
        {captcha ? (
          <div className="pc-field">
            <span className="pc-field__label">{t('login.captcha')}</span>
            <div className="pc-login__captcha">
              <input name="code" value={captchaText} onChange={(e) => setCaptchaText(e.target.value)} autoComplete="off" />
              <img src={captcha.image} alt={t('login.captcha')} title={t('login.captchaRefresh')} onClick={() => void loadCaptcha()} />
            </div>
            {errors.code ? <span className="pc-field__error">{errors.code}</span> : null}
          </div>
        ) : null}
        {smsEnabled ? <SmsCodeField account={account} value={smsCode} onChange={setSmsCode} /> : null}
        <label className="pc-login__remember">
          <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
          {t('login.rememberMe')}
        </label>
        <button className="pc-btn pc-btn--primary pc-login__submit" type="submit" disabled={submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </div>
  );
});
