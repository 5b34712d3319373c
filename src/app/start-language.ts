/**
 * The page's language put in force before the first render (app/boot.ts): English at once; German or Japanese once
 * their catalog is in, asked for beside config.json. A catalog that cannot be loaded leaves the page in English.
 */
import { activateLanguage } from '../lib/i18n';
import { pageLanguage } from '../lib/language';

export function startLanguage(): Promise<void> {
  return activateLanguage(pageLanguage()).catch(() => activateLanguage('en'));
}
