import { Component, type ReactNode } from 'react';

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
        <h2>页面渲染出错</h2>
        <p>
          <code>{this.props.file}</code> 渲染时出错，其他页面不受影响。
        </p>
        <pre>{this.state.error.message}</pre>
        <button className="pc-btn" onClick={() => this.setState({ error: null })}>
          重试
        </button>
      </section>
    );
  }
}
