import { Component, type ReactNode } from 'react';
import { t } from '../i18n';
import { withCode } from './page-problem';

interface State {
  error: Error | null;
}

/** A page whose renderer throws fails inside its own tab; the shell, menu and other tabs keep working. */
export class PageErrorBoundary extends Component<{ file: string; children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error(`page ${this.props.file} failed to render`, error);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="pc-card pc-page-problem" role="alert">
        <h2>{t('page.renderFailed')}</h2>
        <p>{withCode(t('page.renderFailedDetail'), 'file', this.props.file)}</p>
        <pre>{this.state.error.message}</pre>
        <button className="pc-btn" onClick={() => this.setState({ error: null })}>
          {t('page.retry')}
        </button>
      </section>
    );
  }
}
