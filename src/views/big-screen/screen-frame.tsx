import { useEffect, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { bt, type BigScreenText } from '../../i18n/big-screen-texts';
import type { LiveScreen } from '../../live/use-live-screen';
import { ScaledStage } from './scaled-stage';
import { formatClock } from './format';
import './big-screen.css';

/** The seconds until `at`, ticking (the reconnect notice counts down). */
function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

function Notice({ live }: { live: LiveScreen }) {
  const { state } = live;
  const retryIn = useSecondsUntil(state.kind === 'lost' ? state.retryAt : null);
  let text: string | null = null;
  if (state.kind === 'lost') text = retryIn > 0 ? bt('lostRetry', { s: retryIn }) : bt('lost');
  else if (state.kind === 'unavailable') text = bt('unavailable');
  else if (state.kind === 'refused') text = bt(state.reason === 'session' ? 'signedOut' : 'forbidden');
  if (!text) return null;
  return (
    <p className="bs-notice" role="alert" data-testid="live-notice">
      {text}
    </p>
  );
}

/** Header (title, data time, demo label, connection notice) and the body of one screen. */
export const ScreenFrame = observer(function ScreenFrame({
  title,
  live,
  children,
}: {
  title: BigScreenText;
  live: LiveScreen;
  children: ReactNode;
}) {
  useEffect(() => {
    const before = document.title;
    document.title = bt(title);
    return () => void (document.title = before);
  }, [title]);
  return (
    <ScaledStage label={bt(title)}>
      <header className="bs-header">
        <p className="bs-time" data-testid="data-time">
          <span className="bs-label">{bt('dataTime')}</span>
          <span className="bs-time__value">{live.at === null ? bt('waiting') : formatClock(live.at)}</span>
        </p>
        <h1 className="bs-title">{bt(title)}</h1>
        <div className="bs-header__end">
          {live.demo ? (
            <span className="bs-demo" title={bt('demoHint')} data-testid="demo-badge">
              {bt('demo')}
            </span>
          ) : null}
          <button type="button" className="bs-close" onClick={() => window.close()}>
            {bt('close')}
          </button>
        </div>
      </header>
      <Notice live={live} />
      <div className="bs-body">{children}</div>
    </ScaledStage>
  );
});
