import { useSyncExternalStore } from 'react';

import { onTypefaceArrived, typefaceArrivals } from './typeface';

/**
 * How many times the app's typeface has arrived in this page (lib/typeface.ts adds it to the document once loaded,
 * which fires none of `document.fonts`' loading events): a canvas drawn before it arrived draws its text again when
 * this changes. 0 where the browser has no font loading API.
 */
export function useFontsLoaded(): number {
  return useSyncExternalStore(onTypefaceArrived, typefaceArrivals, () => 0);
}
