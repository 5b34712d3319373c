/**
 * The page's language put in force before the first render (app/boot.ts): English at once; German or Japanese once
 * their catalog is in, asked for beside config.json. A catalog that cannot be loaded leaves the page in English. Once
 * its first screen is shown, the page links the web app manifest of the language in force (offline/web-app-manifest.ts),
 * and follows a change.
 */
import { activateLanguage, activeLanguage, subscribeToLanguage } from '../lib/i18n';
import { afterFirstScreen } from '../lib/scheduling/after-first-screen';
import { pageLanguage } from '../lib/language';
import { manifestFile } from '../offline/web-app-manifest';

export function startLanguage(): Promise<void> {
  afterFirstScreen(() => {
    linkManifest();
    subscribeToLanguage(linkManifest);
  });
  return activateLanguage(pageLanguage()).catch(() => activateLanguage('en'));
}

function linkManifest(): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'manifest';
    document.head.append(link);
  }
  link.setAttribute('href', `${import.meta.env.BASE_URL}${manifestFile(activeLanguage())}`);
}
