import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { feedback } from './feedback-store';
import { t } from '../i18n';
import './feedback.css';

/** Renders host notifications (top right) and the front-most confirm dialog. */
export const FeedbackLayer = observer(function FeedbackLayer() {
  const confirm = feedback.confirms[0];
  const confirmId = confirm?.id;
  // Escape answers the front-most confirm as its cancel button does
  useEffect(() => {
    if (confirmId === undefined) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') feedback.answer(confirmId, false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [confirmId]);
  return (
    <>
      <div className="pc-notices" aria-live="polite">
        {feedback.notices.map((n) => (
          <div key={n.id} className={`pc-notice pc-notice--${n.type}`} role="alert">
            <div className="pc-notice__title">{n.title}</div>
            {n.message ? <div className="pc-notice__message">{n.message}</div> : null}
            {n.action ? (
              <button
                className="pc-notice__action"
                onClick={() => {
                  feedback.dismiss(n.id);
                  n.action?.run();
                }}
              >
                {n.action.label}
              </button>
            ) : null}
            <button className="pc-notice__close" aria-label="close" onClick={() => feedback.dismiss(n.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
      {confirm ? (
        <div className="pc-modal-mask">
          <div className="pc-modal" role="dialog" aria-modal="true" aria-labelledby={`confirm-${confirm.id}`}>
            <div className="pc-modal__title" id={`confirm-${confirm.id}`}>
              {confirm.title}
            </div>
            <div className="pc-modal__body">{confirm.message}</div>
            <div className="pc-modal__footer">
              <button className="pc-btn" onClick={() => feedback.answer(confirm.id, false)}>
                {confirm.cancelText ?? t('common.cancel')}
              </button>
              <button className="pc-btn pc-btn--primary" autoFocus onClick={() => feedback.answer(confirm.id, true)}>
                {confirm.okText ?? t('common.ok')}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
});
