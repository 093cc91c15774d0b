import { Link } from 'react-router-dom';
import type { DashboardTodo } from '../../../domain/dashboard';
import { dt, todoTitle } from '../../i18n/dashboard-texts';

/** What waits for the user, each linking to the screen that lists exactly those records. */
export function TodoList({ todos }: { todos: DashboardTodo[] }) {
  if (!todos.length) return null;
  const open = todos.filter((t) => t.count > 0);
  return (
    <section className="pc-dash-panel pc-dash-todos" aria-label={dt('todos')}>
      <h3>{dt('todos')}</h3>
      {open.length === 0 && <p className="pc-dash-empty">{dt('allDone')}</p>}
      <ul>
        {todos.map((t) => (
          <li key={t.key} className={t.count > 0 ? 'has-work' : ''}>
            <Link to={t.link} data-todo={t.key}>
              <span>{todoTitle(t.key, t.title)}</span>
              <b>{t.count}</b>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
