/**
 * The interface's languages: English, German and Japanese, and the one Lingui instance every message goes through
 * (the macros `t`, `plural`, `select` and `msg` of @lingui/core/macro compile to calls of it).
 *
 * English is in the code itself: each message carries its English text, compiled at build time
 * (scripts/lingui-macro.ts), so it is in the first bundle for everything the first screen says and in a page's chunk
 * for what only that page says, never a request of its own. It is in force from the first import, so anything that
 * runs before the choice is made (and every unit test) speaks English. German and Japanese are one lazily loaded
 * chunk each, their catalogs compiled at build time, asked for only when chosen. No message is parsed in the browser.
 */
import { i18n, type Messages } from '@lingui/core';

export const LANGUAGES = ['en', 'de', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The locale `Intl` formats with: English keeps the formats it always had (en-US); the others their own. */
const INTL_LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE', ja: 'ja-JP' };

const CATALOGS: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  de: () => import('../locales/de.po'),
  ja: () => import('../locales/ja.po'),
};

/** English has no catalog: every message's English text is in the code. */
const NO_CATALOG: Messages = {};

i18n.loadAndActivate({ locale: 'en', messages: NO_CATALOG });

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The language in force. */
export function activeLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

/** The `Intl` locale of the language in force: `en-US`, `de-DE` or `ja-JP`. */
export function intlLocale(): string {
  return INTL_LOCALES[activeLanguage()];
}

/** Loads the language's catalog (once) and makes it the one in force; `<html lang>` follows where there is a page. */
export async function activateLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !(language in loaded)) loaded[language] = (await CATALOGS[language]()).messages;
  if (i18n.locale !== language) {
    i18n.loadAndActivate({ locale: language, messages: language === 'en' ? NO_CATALOG : loaded[language]! });
  }
  // Set only when it changes: a new `lang` invalidates the style of the whole page.
  if (typeof document !== 'undefined' && document.documentElement.lang !== language) {
    document.documentElement.lang = language;
  }
}

const loaded: Partial<Record<Language, Messages>> = {};

/** Calls `onChange` whenever another language comes into force; returns the unsubscribe. */
export function subscribeToLanguage(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}
