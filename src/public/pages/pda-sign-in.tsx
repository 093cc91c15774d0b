import { useState, type FormEvent, type ReactNode } from 'react';
import { useApi, ApiFailure } from '../api';
import { t } from '../i18n';
import { failureText } from '../ui';
import { hashPassword } from '../../utils/password-hash';

/** The handheld's own sign-in: the console's form fields, the password sent as its MD5 and never kept. */
export function PdaSignIn({ notice, onSignedIn }: { notice: string; onSignedIn: (token: string) => void }) {
  const api = useApi();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<{ timestamp: string; image: string } | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  async function loadCaptcha() {
    try {
      setCaptcha(await api.captcha());
      setCode('');
    } catch {
      setCaptcha(null);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const next: Record<string, string> = {};
    if (!account.trim()) next.account = t('pda.accountRequired');
    if (!password) next.password = t('pda.passwordRequired');
    if (captcha && !code.trim()) next.code = t('pda.captchaRequired');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    setFailure('');
    // the fields of the console's sign-in (src/api/sign-in.ts), the password as its MD5
    const form = new URLSearchParams({
      account: account.trim(),
      password: hashPassword(password),
      code: captcha ? code.trim() : '',
      timestamp: captcha?.timestamp ?? '',
      // the handheld's sign-in: a collector's account, a session of one shift (server/services/login.ts)
      origin: 'pda',
      grant_type: 'password',
      rememberMe: 'false',
    });
    try {
      const answer = await api.login(form);
      if (!answer?.token) throw new ApiFailure(t('error.title'), 500);
      setPassword('');
      onSignedIn(answer.token);
      return;
    } catch (error) {
      setFailure(failureText(error));
      const wanted = error instanceof ApiFailure && (error.data as { captchaRequired?: boolean } | null)?.captchaRequired;
      // a captcha is single-use: a fresh one whenever the server wants one
      if (wanted || captcha) await loadCaptcha();
    }
    setBusy(false);
  }

  const field = (name: string, label: string, input: ReactNode) => (
    <label className="pp-field">
      <span className="pp-field__label">{label}</span>
      {input}
      {errors[name] ? (
        <span id={`pp-${name}-error`} className="pp-error">
          {errors[name]}
        </span>
      ) : null}
    </label>
  );
  const invalid = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `pp-${name}-error` } : {});

  return (
    <section aria-labelledby="pp-pda-signin">
      <h1 id="pp-pda-signin" className="pp-title">
        {t('pda.signIn')}
      </h1>
      {notice ? (
        <p className="pp-banner pp-banner--warn" role="status">
          {notice}
        </p>
      ) : null}
      <form className="pp-card pp-form" onSubmit={(e) => void submit(e)} noValidate data-testid="pda-signin">
        {field(
          'account',
          t('pda.account'),
          <input
            name="account"
            autoComplete="username"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            {...invalid('account')}
          />,
        )}
        {field(
          'password',
          t('pda.password'),
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            {...invalid('password')}
          />,
        )}
        {captcha
          ? field(
              'code',
              t('pda.captcha'),
              <span className="pp-captcha">
                <input name="code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" {...invalid('code')} />
                <button type="button" className="pp-captcha__image" onClick={() => void loadCaptcha()} aria-label={t('pda.captchaRefresh')}>
                  <img src={captcha.image} alt="" />
                </button>
              </span>,
            )
          : null}
        {failure ? (
          <p className="pp-error" role="alert" data-testid="pda-signin-error">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="pp-button pp-button--primary pp-button--block" disabled={busy}>
          {busy ? t('pda.submitting') : t('pda.submit')}
        </button>
      </form>
    </section>
  );
}
