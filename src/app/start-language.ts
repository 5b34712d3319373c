/**
 * The page's language put in force before the first render (app/boot.ts): English at once; German or Japanese once
 * their catalog is in, asked for beside config.json. A catalog that cannot be loaded leaves the page in English. The
 * page links the web app manifest of the language in force (offline/web-app-manifest.ts), and follows a change.
 */
import { activateLanguage, activeLanguage, subscribeToLanguage } from '../lib/i18n';
import { pageLanguage } from '../lib/language';
import { manifestFile } from '../offline/web-app-manifest';

export function startLanguage(): Promise<void> {
  subscribeToLanguage(linkManifest);
  return activateLanguage(pageLanguage()).catch(() => activateLanguage('en'));
}

function linkManifest(): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = link?.getAttribute('href');
  if (!link || !href) return;
  link.setAttribute('href', href.replace(/[^/]*$/, manifestFile(activeLanguage())));
}
