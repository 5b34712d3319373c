import '../components/error-panel.css';
import { t } from '@lingui/core/macro';
import { useEffect } from 'react';

import { parseTheme, resolveTheme } from '../lib/theme-param';

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
        <h1>{t`The dashboard’s configuration cannot be used`}</h1>
        <p>{t`It is read from ${url} at start-up. Fix it and reload:`}</p>
        <ul>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        <p>{t`docs/configuration.md lists every field.`}</p>
      </section>
    </main>
  );
}
