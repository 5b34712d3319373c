/**
 * The language switch in the header, beside Theme: English, Deutsch, 日本語, each named in its own language. The
 * choice is kept in this browser (lib/language.ts) and applies at once: the app renders again in the new language,
 * on the same address, so nothing entered there is lost. An address with its own `lang` is given the new one, so that
 * a reload keeps it.
 */
import { t } from '@lingui/core/macro';
import { useSearchParams } from '../lib/router/router';

import { activateLanguage, LANGUAGES, type Language } from '../lib/i18n';
import { keepLanguage, LANG_PARAM } from '../lib/language';
import { useLanguage } from '../lib/use-language';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';

/** Each language by its own name; on a phone by its code, so the header stays one line in every language. */
const NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', ja: '日本語' };

export function LanguageSwitch() {
  const language = useLanguage();
  const phone = useMediaQuery(PHONE_QUERY);
  const [searchParams, setSearchParams] = useSearchParams();
  const choose = (next: Language) => {
    keepLanguage(next);
    if (searchParams.has(LANG_PARAM)) {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set(LANG_PARAM, next);
          return params;
        },
        { replace: true },
      );
    }
    void activateLanguage(next);
  };
  const label = t`Language`;
  return (
    <label className="theme-switch">
      <span aria-hidden="true">{label}</span>
      <select aria-label={label} value={language} onChange={(event) => choose(event.target.value as Language)}>
        {LANGUAGES.map((value) => (
          <option key={value} value={value} lang={value} title={NAMES[value]}>
            {phone ? value.toUpperCase() : NAMES[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
