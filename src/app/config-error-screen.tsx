import '../components/error-panel.css';
import { useEffect } from 'react';

import { parseTheme, resolveTheme } from '../lib/theme';

export function ConfigErrorScreen({ url, problems }: { url: string; problems: string[] }) {
  // Outside the router and the layout, so it sets the theme of the address itself (light or dark, not the default).
  useEffect(() => {
    const { value } = parseTheme(new URLSearchParams(window.location.search));
    const prefersDark =
      typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.dataset.theme = resolveTheme(value, prefersDark);
  }, []);
  return (
    <main className="app">
      <section className="panel error-panel" role="alert">
        <h1>The dashboard’s configuration cannot be used</h1>
        <p>
          It is read from <code>{url}</code> at start-up. Fix it and reload:
        </p>
        <ul>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        <p>docs/configuration.md lists every field.</p>
      </section>
    </main>
  );
}
