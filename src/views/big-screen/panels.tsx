import type { ReactNode } from 'react';
import { bt } from '../../i18n/big-screen-texts';

/** A titled box of the screen's grid; `area` places it (big-screen.css grid areas). */
export function Panel({ title, area, children, testId }: { title: string; area: string; children: ReactNode; testId?: string }) {
  return (
    <section className="bs-panel" style={{ gridArea: area }} aria-label={title} data-testid={testId}>
      <h2 className="bs-panel__title">{title}</h2>
      <div className="bs-panel__body">{children}</div>
    </section>
  );
}

/** One big figure with its name; `value` null while no data has come. */
export function Stat({ label, value, unit, testId }: { label: string; value: string | null; unit?: string; testId?: string }) {
  return (
    <div className="bs-stat">
      <span className="bs-stat__label">{label}</span>
      <span className="bs-stat__value" data-testid={testId}>
        {value ?? '–'}
        {unit && value !== null ? <small className="bs-stat__unit">{unit}</small> : null}
      </span>
    </div>
  );
}

/** A short table (the lists are capped on the server); an empty one says so. */
export function Rows<T>({
  rows,
  columns,
  rowKey,
  testId,
}: {
  rows: T[] | undefined;
  /** `width` in stage pixels; the column without one takes the rest */
  columns: { head: string; cell: (row: T) => ReactNode; width?: number }[];
  /** a new row (a new key) slides in at the top: the list scrolls as entries come */
  rowKey: (row: T) => string;
  testId?: string;
}) {
  if (!rows?.length) return <p className="bs-empty">{rows ? bt('none') : '–'}</p>;
  return (
    <table className="bs-rows" data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.head} style={c.width ? { width: c.width } : undefined}>
              {c.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.head}>{c.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
