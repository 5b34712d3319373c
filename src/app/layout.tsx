/** The frame around every page: title, token, and the page. */
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';

import { TokenForm } from '../components/token-form';
import { ErrorBoundary } from './error-boundary';

export function Layout() {
  const [tokenOpen, setTokenOpen] = useState(false);
  const { pathname, search } = useLocation();
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
        {/* A crash belongs to its address: following a link, or Back, shows the page there. */}
        <ErrorBoundary resetKey={pathname + search}>
          <Outlet />
        </ErrorBoundary>
      </main>
    </div>
  );
}
