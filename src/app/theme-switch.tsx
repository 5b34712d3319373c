/**
 * The theme switch in the header: Light, Dark or Auto (the system's preference). The URL's `theme` is the only
 * theme state (lib/use-theme.ts), so the switch writes it there, keeping every other parameter, as a new history
 * entry (Back undoes it). Auto, the default, is written as no parameter at all. Not on the kiosk, whose theme is
 * part of its configured address.
 */
import { useSearchParams } from '../lib/router/router';

import { THEME_PARAM, THEME_SETTINGS, type ThemeSetting } from '../lib/theme';
import { useTheme } from '../lib/use-theme';

const LABELS: Record<ThemeSetting, string> = { light: 'Light', dark: 'Dark', auto: 'Auto (system)' };

export function ThemeSwitch() {
  const { setting } = useTheme();
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
      <span aria-hidden="true">Theme</span>
      <select aria-label="Theme" value={setting} onChange={(event) => choose(event.target.value as ThemeSetting)}>
        {THEME_SETTINGS.map((value) => (
          <option key={value} value={value}>
            {LABELS[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
