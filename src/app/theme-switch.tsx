/**
 * The theme switch in the header: Light, Dark or Auto (the system's preference). The URL's `theme` is the only
 * theme state (lib/use-theme.ts), so the switch writes it there, keeping every other parameter, as a new history
 * entry (Back undoes it). Auto, the default, is written as no parameter at all. Not on the kiosk, whose theme is
 * part of its configured address.
 */
import { t } from '@lingui/core/macro';

import { useSearchParams } from '../lib/router/router';

import { THEME_PARAM, THEME_SETTINGS, type ThemeSetting } from '../lib/theme-param';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';
import { useTheme } from '../lib/use-theme';

export function ThemeSwitch() {
  const { setting } = useTheme();
  // A phone's one-line header has room for the short name of Auto only.
  const phone = useMediaQuery(PHONE_QUERY);
  const labels: Record<ThemeSetting, string> = {
    light: t`Light`,
    dark: t`Dark`,
    auto: phone ? t({ message: 'Auto', comment: 'the theme that follows the system, on a phone' }) : t`Auto (system)`,
  };
  const [, setSearchParams] = useSearchParams();
  const choose = (next: ThemeSetting) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next === 'auto') params.delete(THEME_PARAM);
      else params.set(THEME_PARAM, next);
      return params;
    });
  return (
    <label className="theme-switch">
      {/* Named on the select as well, for the word is shown apart from it (above it on a phone: frames/frame.css). */}
      <span aria-hidden="true">{t`Theme`}</span>
      <select aria-label={t`Theme`} value={setting} onChange={(event) => choose(event.target.value as ThemeSetting)}>
        {THEME_SETTINGS.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
