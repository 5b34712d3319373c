/**
 * The colour theme's URL parameter: `theme=light|dark|auto` (auto, the default, follows the system's
 * `prefers-color-scheme`). Like the filters, parsing never throws: a value that cannot be used falls back to auto and
 * is reported.
 */
import { t } from '@lingui/core/macro';

import { quoteValue, repeatedParam } from './search-params';
import type { ResolvedTheme } from './theme';

export const THEME_PARAM = 'theme';
export const THEME_SETTINGS = ['light', 'dark', 'auto'] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];

export interface ParsedTheme {
  value: ThemeSetting;
  /** What could not be used, one sentence for the user. */
  ignored?: string;
}

/** `theme` from the URL: missing means auto; anything but light, dark or auto is ignored (auto) and reported. */
export function parseTheme(params: URLSearchParams): ParsedTheme {
  const raw = params.get(THEME_PARAM);
  const repeated = repeatedParam(params, THEME_PARAM);
  const also = repeated === undefined ? {} : { ignored: repeated };
  if (raw === null) return { value: 'auto' };
  if (isThemeSetting(raw)) return { value: raw, ...also };
  const quoted = quoteValue(raw);
  const unknown = t`theme ${quoted} is not known (light, dark or auto); following the system`;
  return { value: 'auto', ignored: repeated === undefined ? unknown : `${unknown}; ${repeated}` };
}

export function resolveTheme(value: ThemeSetting, prefersDark: boolean): ResolvedTheme {
  if (value === 'auto') return prefersDark ? 'dark' : 'light';
  return value;
}

function isThemeSetting(value: string): value is ThemeSetting {
  return (THEME_SETTINGS as readonly string[]).includes(value);
}
