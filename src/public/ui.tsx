import type { ReactNode } from 'react';
import { ApiFailure } from './api';
import { plateColorText, plateTone } from './format';
import { t } from './i18n';

/** The small pieces every public page uses: states, rows of facts, the plate. */

/** What a failure says to the reader: the server's words, or "no connection". */
export function failureText(error: unknown): string {
  if (error instanceof ApiFailure) return error.code === 0 || !error.message ? t('error.network') : error.message;
  return t('error.network');
}

export function Loading({ text = t('loading') }: { text?: string }) {
  return (
    <div className="pp-loading" role="status">
      <span className="pp-spinner" aria-hidden="true" />
      {text}
    </div>
  );
}

/** A failure with its message (announced at once) and, when given, a way to try again. */
export function Failure({ error, onRetry, title = t('error.title') }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <section className="pp-state pp-state--error" aria-labelledby="pp-failure-title">
      <Icon kind="error" />
      <h1 id="pp-failure-title" className="pp-state__title">
        {title}
      </h1>
      <p role="alert" className="pp-state__text" data-testid="failure-message">
        {failureText(error)}
      </p>
      {onRetry ? (
        <button type="button" className="pp-button pp-button--secondary" onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </section>
  );
}

export type Tone = 'success' | 'info' | 'warn' | 'error';

export function Icon({ kind }: { kind: Tone }) {
  const path =
    kind === 'success'
      ? 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z'
      : kind === 'info'
        ? 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20z'
        : 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z';
  return (
    <svg className={`pp-icon pp-icon--${kind}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

/** Facts as a description list; a row whose value is empty is left out. */
export function Facts({ rows, testId }: { rows: [label: string, value: ReactNode, testId?: string][]; testId?: string }) {
  return (
    <dl className="pp-facts" data-testid={testId}>
      {rows
        .filter(([, value]) => value !== '' && value !== null && value !== undefined)
        .map(([label, value, id]) => (
          <div className="pp-facts__row" key={label}>
            <dt>{label}</dt>
            <dd data-testid={id}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The plate on its colour, with the colour in words (never colour alone). */
export function Plate({ plateNo, label }: { plateNo: string; label: string }) {
  const color = plateColorText(label);
  return (
    <span className="pp-plate-line">
      <span className={`pp-plate pp-plate--${plateTone(label)}`} data-testid="plate">
        {plateNo}
      </span>
      {color ? <span className="pp-plate-color">{color}</span> : null}
    </span>
  );
}

/** A page's one main action: its failure said above it (announced), the button idle while it runs. */
export function ActionButton(props: { label: string; busy: boolean; error: unknown; onClick: () => void; testId: string }) {
  return (
    <>
      {props.error ? (
        <p className="pp-error" role="alert">
          {failureText(props.error)}
        </p>
      ) : null}
      <button
        type="button"
        className="pp-button pp-button--primary pp-button--block"
        onClick={props.onClick}
        disabled={props.busy}
        data-testid={props.testId}
      >
        {props.label}
      </button>
    </>
  );
}
