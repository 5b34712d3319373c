/** The frame around every page: title, token, and the page. */
import { useState } from 'react';
import { Link, Outlet } from 'react-router';

import { TokenForm } from '../components/token-form';
import { ErrorBoundary } from './error-boundary';

export function Layout() {
  const [tokenOpen, setTokenOpen] = useState(false);
  return (
    <div className="app">
      <header className="app-header">
        <Link to="/" className="brand">
          Location analytics
        </Link>
        <button type="button" onClick={() => setTokenOpen(!tokenOpen)} aria-expanded={tokenOpen}>
          API token
        </button>
      </header>
      {tokenOpen && <TokenForm onDone={() => setTokenOpen(false)} />}
      <main>
        <ErrorBoundary>
          <Outlet />
        </ErrorBoundary>
      </main>
    </div>
  );
}
