/**
 * Which language the interface speaks, decided once before the first render and again when someone picks one:
 * `?lang=en|de|ja` on any address (the kiosk's too); else the choice kept from the header's Language switch; else the
 * best match of the browser's languages on their primary subtag (`de-AT` is German); else English. A `lang` the app
 * does not know is ignored and named with the other ignored parameters of the page.
 */
import { t } from '@lingui/core/macro';

import { activeLanguage, intlLocale, isLanguage, LANGUAGES, type Language } from './i18n';
import { quoteValue, repeatedParam } from './search-params';

export const LANG_PARAM = 'lang';
/** The header's choice, kept in this browser (a preference, not a secret). */
const STORAGE_KEY = 'language';

/** The URL's `lang` when it names a language of the app. */
export function languageParam(params: URLSearchParams): Language | null {
  const value = params.get(LANG_PARAM);
  return isLanguage(value) ? value : null;
}

/** What of the URL's `lang` could not be used, one sentence for the user, or undefined. */
export function ignoredLanguage(params: URLSearchParams): string | undefined {
  const value = params.get(LANG_PARAM);
  const repeated = repeatedParam(params, LANG_PARAM);
  if (value === null || isLanguage(value)) return repeated;
  const known = LANGUAGES.join(', ');
  const quoted = quoteValue(value);
  const unknown = t`lang ${quoted} is not one of ${known}; ignored`;
  return repeated === undefined ? unknown : `${unknown}; ${repeated}`;
}

/** The first of the browser's languages whose primary subtag is one of the app's. */
export function browserLanguage(languages: readonly string[]): Language | null {
  for (const tag of languages) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/** The language to speak: the URL's, else the kept choice, else the browser's, else English. */
export function chooseLanguage(input: {
  params: URLSearchParams;
  kept: string | null;
  languages: readonly string[];
}): Language {
  return (
    languageParam(input.params) ??
    (isLanguage(input.kept) ? input.kept : null) ??
    browserLanguage(input.languages) ??
    'en'
  );
}

/** The language this page should speak, from its address, this browser's kept choice and its languages. */
export function pageLanguage(): Language {
  return chooseLanguage({
    params: new URLSearchParams(location.search),
    kept: keptLanguage(),
    languages: browserLanguages(),
  });
}

export function keptLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps the header's choice for the next visit. */
export function keepLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage refused (a private window's quota): the choice holds for this page.
  }
}

/**
 * The locale whose week the calendars and weekday lists follow, a custom of the reader's region rather than of the
 * interface's language: the browser's tag of the language in force (`en-GB` starts on Monday, `en-US` on Sunday), else
 * the browser's first (a `de-DE` browser reading English starts on Monday), else the language's own (`ja-JP`: Sunday).
 */
export function weekLocale(languages: readonly string[] = browserLanguages()): string {
  const language = activeLanguage();
  return languages.find((tag) => tag.split('-')[0]?.toLowerCase() === language) ?? languages[0] ?? intlLocale();
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
