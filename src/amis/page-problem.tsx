import type { PageLoadResult } from './page-loader';
import { t, tf } from '../i18n';

/** A message with one `{name}` shown as code: the text around it stays in the reader's language. */
export function withCode(text: string, name: string, code: string) {
  const [before, after = ''] = text.split(`{${name}}`);
  return (
    <>
      {before}
      <code>{code}</code>
      {after}
    </>
  );
}

/** Explains, inside the tab, why a JSON page cannot be shown. */
export function PageProblem({ result }: { result: Exclude<PageLoadResult, { kind: 'ok' }> }) {
  return (
    <section className="pc-card pc-page-problem" role="alert">
      {result.kind === 'missing' ? (
        <>
          <h2>{t('page.missing')}</h2>
          <p>{withCode(t('page.missingDetail'), 'url', result.urlAddress)}</p>
          <ul>
            {result.tried.map((path) => (
              <li key={path}>
                <code>{path}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {result.kind === 'malformed' ? (
        <>
          <h2>{t('page.malformed')}</h2>
          <p>
            <code>{result.file}</code> {tf('page.lineColumn', { line: result.line, column: result.column })}
          </p>
          <pre>{result.message}</pre>
        </>
      ) : null}
      {result.kind === 'unavailable' ? (
        <>
          <h2>{t('page.unavailable')}</h2>
          <p>
            <code>{result.file}</code> (HTTP {result.status})
          </p>
        </>
      ) : null}
    </section>
  );
}
