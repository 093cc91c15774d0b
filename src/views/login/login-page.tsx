import { useEffect, useRef, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { fetchCaptcha, fetchSmsSwitch, login } from '../../api/sign-in';
import { feedback } from '../../feedback/feedback-store';
import { hashPassword } from '../../utils/password-hash';
import { setToken } from '../../utils/auth-cookie';
import { safeRedirect } from '../../utils/safe-redirect';
import { t } from '../../i18n';
import { SmsCodeField } from './sms-code-field';
import { brandStore } from '../../layout/brand-store';
import './login.css';

interface Captcha {
  timestamp: string;
  image: string;
}

export interface LoginPageProps {
  /** the `redirect` query parameter: where to go after signing in, if it is a path of the console */
  redirect: string | null;
  /** the token cookie is saved: open the console at `target` (the page waits, still "signing in") */
  onSignedIn: (target: string) => void | Promise<void>;
  /** the user started on the form: a chance to load the console meanwhile */
  onStart?: () => void;
}

/**
 * The sign-in form. It knows neither the router nor the session store, so it can show before
 * they load (src/main.tsx) as well as at the router's /login (src/app.tsx).
 */
export const LoginPage = observer(function LoginPage({ redirect, onSignedIn, onStart }: LoginPageProps) {
  const started = useRef(false);
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
      const res = await login({
        account: account.trim(),
        password: hashPassword(password),
        rememberMe,
        code: captcha ? captchaText.trim() : undefined,
        timestamp: captcha?.timestamp,
        smsCode: smsEnabled ? smsCode.trim() : undefined,
      });
      if (res.code === 200 && res.data?.token) {
        // spec §4: remember-me only lengthens the cookie
        setToken(res.data.token, rememberMe);
        await onSignedIn(safeRedirect(redirect));
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
      <form
        className="pc-login__form"
        onSubmit={onSubmit}
        noValidate
        aria-label={t('login.title')}
        onFocus={() => {
          if (started.current) return;
          started.current = true;
          onStart?.();
        }}
      >
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
