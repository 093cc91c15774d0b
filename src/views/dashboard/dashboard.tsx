import { useCallback, useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { DashboardAnswer } from '../../../domain/dashboard';
import { userStore } from '../../stores/user-store';
import { localeStore } from '../../i18n';
import { dt } from '../../i18n/dashboard-texts';
import { localizeMessage } from '../../i18n/server-messages';
import { usePageActive } from '../../layout/page-active';
import { fetchDashboard } from './dashboard-api';
import { KpiCards } from './kpi-cards';
import { TodoList } from './todo-list';
import { DashboardCharts } from './dashboard-charts';
import { clock } from './figures-format';
import './dashboard.css';

const REFRESH_MS = 30_000;

function messageOf(e: unknown): string {
  const body = (e as { response?: { data?: { msg?: string } } })?.response?.data;
  return localizeMessage(body?.msg) ?? (e instanceof Error ? e.message : String(e));
}

/**
 * 首页: today's figures beside yesterday's, the last 24 hours, income by channel, occupancy by lot,
 * charging and the to-dos, each only with its menu and over the user's lots. Refreshes itself every
 * 30 s while shown; a failed refresh keeps the last figures and says how old they are.
 */
export const Dashboard = observer(function Dashboard() {
  const name = userStore.user?.realName || userStore.user?.userName || '';
  const active = usePageActive();
  const [data, setData] = useState<DashboardAnswer | null>(null);
  const [error, setError] = useState('');
  const loading = useRef(false);
  // the language is read while rendering: a switch redraws the texts
  void localeStore.locale;

  const load = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    try {
      setData(await fetchDashboard());
      setError('');
    } catch (e) {
      setError(messageOf(e));
    } finally {
      loading.current = false;
    }
  }, []);

  useEffect(() => {
    if (!active) return;
    void load();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [active, load]);

  const nothing = data && !data.traffic && !data.income && !data.charging && data.todos.length === 0;
  return (
    <div className="pc-dash">
      <header className="pc-dash-head">
        <h2>{dt('welcome', { name })}</h2>
        <div className="pc-dash-meta" aria-live="polite">
          {data?.demo && (
            <span className="pc-dash-demo" title={dt('demoHint')}>
              {dt('demo')}
            </span>
          )}
          {data && <span data-testid="dash-time">{dt('dataTime', { time: clock(data.at) })}</span>}
          <span className="pc-dash-muted">{dt('refreshEvery')}</span>
          <button type="button" className="pc-dash-refresh" onClick={() => void load()}>
            {dt('refresh')}
          </button>
        </div>
      </header>
      {error && (
        <p className="pc-dash-error" role="alert">
          {dt('loadFailed', { msg: error })}
          {data ? ` · ${dt('stale', { time: clock(data.at) })}` : ''}
        </p>
      )}
      {nothing && <p className="pc-dash-empty">{dt('nothingToShow')}</p>}
      {data && (
        <>
          <KpiCards data={data} />
          <div className="pc-dash-grid">
            <DashboardCharts data={data} />
            <TodoList todos={data.todos} />
          </div>
        </>
      )}
    </div>
  );
});
