/**
 * Whether a CSS media query matches now, kept in step with the screen (a phone turned, a window resized): the
 * portfolio table's row height follows the stylesheet's phone layout. False where there is no `matchMedia`.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** A phone in portrait or a small tablet: where the stylesheets lay pages out for a narrow screen (the same width). */
export const PHONE_QUERY = '(max-width: 640px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
