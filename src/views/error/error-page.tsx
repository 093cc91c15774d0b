import { Link, useNavigate } from 'react-router-dom';
import { t } from '../../i18n';
import './error-page.css';

export function ErrorPage({ code, message }: { code: string; message: string }) {
  const navigate = useNavigate();
  return (
    <div className="pc-error-page">
      <div className="pc-error-page__code">{code}</div>
      <div className="pc-error-page__message">{message}</div>
      <div className="pc-error-page__actions">
        <button className="pc-btn" onClick={() => navigate(-1)}>
          {t('error.back')}
        </button>
        <Link className="pc-btn pc-btn--primary" to="/dashboard">
          {t('error.backHome')}
        </Link>
      </div>
    </div>
  );
}
