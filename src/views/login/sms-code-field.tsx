import { useEffect, useState } from 'react';
import { sendSmsCode } from '../../api/sign-in';
import { feedback } from '../../feedback/feedback-store';
import { t } from '../../i18n';

const RESEND_SECONDS = 60;

/** The SMS code input with its send button and resend countdown. */
export function SmsCodeField({ account, value, onChange }: { account: string; value: string; onChange: (v: string) => void }) {
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  async function send() {
    if (!account.trim()) {
      feedback.notify('warning', t('login.accountRequired'));
      return;
    }
    try {
      const res = await sendSmsCode(account.trim());
      if (res.code === 200) {
        feedback.notify('success', t('login.smsSent'));
        setCountdown(RESEND_SECONDS);
      } else {
        feedback.notify('error', res.msg);
      }
    } catch {
      // reported by the client
    }
  }

  return (
    <div className="pc-field">
      <span className="pc-field__label">{t('login.smsCode')}</span>
      <div className="pc-login__captcha">
        <input name="smsCode" value={value} onChange={(e) => onChange(e.target.value)} autoComplete="one-time-code" />
        <button type="button" className="pc-btn" disabled={countdown > 0} onClick={() => void send()}>
          {countdown > 0 ? `${countdown}s` : t('login.sendSms')}
        </button>
      </div>
    </div>
  );
}
