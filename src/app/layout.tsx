/** The frame around every page: title, token, the theme, a new version's notice, and the page. */
import './frames/frame.css';
import './print.css';
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Link } from '../lib/router/links';
import { useLocation } from '../lib/router/router';
import { Outlet } from '../lib/router/routes';

import { Notice } from '../components/notice';
import { TokenForm } from '../components/token-form';
import { UpdateNotice } from '../components/update-notice';
import { LANG_PARAM, languageParam } from '../lib/language';
import { parseTheme, THEME_PARAM } from '../lib/theme-param';
import { appTitle } from '../lib/use-document-title';
import { useDocumentTheme } from '../lib/use-theme';
import { useUpdatePrompt } from '../offline/use-app-update';
import { ErrorBoundary } from './error-boundary';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';

export function Layout() {
  const [tokenOpen, setTokenOpen] = useState(false);
  const [dismissedTheme, setDismissedTheme] = useState<string | null>(null);
  const { pathname, search } = useLocation();
  // `data-theme` on <html> (styles.css keys its colours on it), from `?theme=`, else the system's preference.
  const { ignored: themeIgnored } = useDocumentTheme();
  const update = useUpdatePrompt();
  return (
    <div className="app">
      <header className="app-header">
        <Link to={{ pathname: '/', search: homeSearch(search) }} className="brand">
          {appTitle()}
        </Link>
        <div className="header-controls">
          <ThemeSwitch />
          <LanguageSwitch />
          <button type="button" onClick={() => setTokenOpen(!tokenOpen)} aria-expanded={tokenOpen}>
            {t`API token`}
          </button>
        </div>
      </header>
      {update.ready && <UpdateNotice onReload={update.apply} />}
      {tokenOpen && <TokenForm onDone={() => setTokenOpen(false)} />}
      {themeIgnored !== undefined && dismissedTheme !== themeIgnored && (
        <Notice
          title={t`The theme in this link was ignored`}
          items={[themeIgnored]}
          onDismiss={() => setDismissedTheme(themeIgnored)}
        />
      )}
      <main>
        {/* A crash belongs to its address: following a link, or Back, shows the page there. */}
        <ErrorBoundary resetKey={pathname + search}>
          <Outlet />
        </ErrorBoundary>
      </main>
    </div>
  );
}

/** The home link leaves the page's filters behind but keeps a theme and a language the URL asks for. */
function homeSearch(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  const theme = params.get(THEME_PARAM);
  if (theme !== null && parseTheme(params).ignored === undefined) kept.set(THEME_PARAM, theme);
  const language = languageParam(params);
  if (language !== null) kept.set(LANG_PARAM, language);
  const text = kept.toString();
  return text === '' ? '' : `?${text}`;
}
