import { afterEach, describe, expect, it } from 'vitest';

import { activateLanguage } from './i18n';
import { browserLanguage, chooseLanguage, ignoredLanguage, languageParam, weekLocale } from './language';

const params = (query: string) => new URLSearchParams(query);

afterEach(async () => {
  await activateLanguage('en');
});

describe('chooseLanguage', () => {
  it('takes the address first, then the kept choice, then the browser, then English', () => {
    expect(chooseLanguage({ params: params('lang=ja'), kept: 'de', languages: ['de-DE'] })).toBe('ja');
    expect(chooseLanguage({ params: params(''), kept: 'de', languages: ['ja-JP'] })).toBe('de');
    expect(chooseLanguage({ params: params(''), kept: null, languages: ['fr-FR', 'de-AT'] })).toBe('de');
    expect(chooseLanguage({ params: params(''), kept: null, languages: ['fr-FR'] })).toBe('en');
  });

  it('ignores an unknown lang and a kept value the app does not speak', () => {
    expect(chooseLanguage({ params: params('lang=fr'), kept: 'xx', languages: ['ja'] })).toBe('ja');
    expect(languageParam(params('lang=DE'))).toBeNull();
  });
});

describe('browserLanguage', () => {
  it('matches on the primary subtag, in the browser order', () => {
    expect(browserLanguage(['de-AT'])).toBe('de');
    expect(browserLanguage(['fr-CA', 'ja-JP', 'de-DE'])).toBe('ja');
    expect(browserLanguage(['fr-FR', 'es'])).toBeNull();
  });
});

describe('ignoredLanguage', () => {
  it('names an unknown lang with the languages the app has, and nothing for a known one', () => {
    expect(ignoredLanguage(params('lang=de'))).toBeUndefined();
    const message = ignoredLanguage(params('lang=fr'));
    expect(message).toContain('fr');
    for (const code of ['en', 'de', 'ja']) expect(message).toContain(code);
  });
});

describe('weekLocale', () => {
  it('follows the browser tag of the language in force', () => {
    expect(weekLocale(['en-GB'])).toBe('en-GB');
    expect(weekLocale(['fr-FR', 'en-US'])).toBe('en-US');
  });

  it("follows the browser's region when none of its tags is the language in force", async () => {
    expect(weekLocale(['de-DE'])).toBe('de-DE');
    await activateLanguage('ja');
    expect(weekLocale(['en-GB'])).toBe('en-GB');
  });

  it("falls back to the language's own locale when the browser names none", async () => {
    await activateLanguage('de');
    expect(weekLocale([])).toBe('de-DE');
  });
});
