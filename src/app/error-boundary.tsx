/** The last line of defence: a crash shows what happened and a way back, never a blank page. */
import '../components/error-panel.css';
import { t } from '@lingui/core/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from '../lib/router/links';

interface ErrorBoundaryProps {
  children: ReactNode;
  /**
   * Where the crash happened (the address): when it changes, the boundary shows its children again. A reset
   * key rather than a React `key`, so that a page without a crash is not remounted on every filter change.
   */
  resetKey: string;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKey: string;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Dashboard crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="panel error-panel" role="alert">
        <h1>{t`Something went wrong on this page`}</h1>
        <p>{this.state.error.message}</p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          {t`Try again`}
        </button>{' '}
        <Link to="/">{t`Open the default view`}</Link>
      </section>
    );
  }
}
