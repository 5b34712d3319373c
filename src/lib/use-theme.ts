/**
 * The theme in force: the URL's `theme` (lib/theme.ts) and, for auto, the system's `prefers-color-scheme`,
 * followed live. The URL is the only theme state: nothing is copied into React state, and links that keep the
 * search (metric tabs, the location picker, filter changes, which keep parameters they do not own) keep it.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from './router/router';

import type { ResolvedTheme } from './theme';
import { parseTheme, resolveTheme, type ThemeSetting } from './theme-param';

export interface UseThemeResult {
  /** What the URL asks for (auto when it says nothing usable). */
  setting: ThemeSetting;
  /** What is drawn: the setting, or the system's preference for auto. */
  resolved: ResolvedTheme;
  /** The URL's value when it could not be used, one sentence for the user. */
  ignored?: string;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Inside a router. Re-renders when the URL's theme or, for auto, the system's preference changes. */
export function useTheme(): UseThemeResult {
  const [searchParams] = useSearchParams();
  const { value, ignored } = parseTheme(searchParams);
  const prefersDark = useSyncExternalStore(subscribeToPreference, prefersDarkNow, () => false);
  return { setting: value, resolved: resolveTheme(value, prefersDark), ignored };
}

/**
 * useTheme, and `data-theme="light|dark"` on the document's root element, which styles.css keys its colours on.
 * Call it once per screen (the layout; a screen outside it, such as the kiosk, calls it itself). The attribute is
 * left in place on unmount, so moving between screens never flashes the other theme.
 */
export function useDocumentTheme(): UseThemeResult {
  const theme = useTheme();
  const { resolved } = theme;
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
  }, [resolved]);
  return theme;
}

/** The system's preference; false where there is no matchMedia (jsdom, old engines). */
function prefersDarkNow(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY).matches
    : false;
}

function subscribeToPreference(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
