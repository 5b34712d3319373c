/** The language in force (lib/i18n.ts), followed: the component renders again when another one is chosen. */
import { useSyncExternalStore } from 'react';

import { activeLanguage, subscribeToLanguage, type Language } from './i18n';

export function useLanguage(): Language {
  return useSyncExternalStore(subscribeToLanguage, activeLanguage, activeLanguage);
}
