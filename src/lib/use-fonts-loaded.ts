import { useSyncExternalStore } from 'react';

/**
 * How many times web fonts have finished loading in this page (the `loadingdone` events of `document.fonts`): a
 * canvas drawn before the app's typeface arrived draws its text again when this changes. 0 where the browser has
 * no font loading API.
 */
export function useFontsLoaded(): number {
  return useSyncExternalStore(
    subscribe,
    () => loads,
    () => 0,
  );
}

let loads = 0;
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts) return () => undefined;
  if (listeners.size === 0) fonts.addEventListener('loadingdone', onLoaded);
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) fonts.removeEventListener('loadingdone', onLoaded);
  };
}

function onLoaded(): void {
  loads += 1;
  for (const listener of listeners) listener();
}
