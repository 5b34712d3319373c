import { useCallback, useState } from 'react';

/**
 * Input the user has made that is not applied (yet): a half-typed range, an hour pair that does not fit,
 * a refused toggle's message. Applied values live in the URL, never here.
 *
 * A draft belongs to the applied value it was made against (`appliedKey`). When that changes, because the
 * draft was applied or because of Back or a new link, the draft retires and the control shows the applied
 * value again. Parent re-renders with the same applied value keep it.
 */
export function useDraft<T>(appliedKey: string): [T | undefined, (draft: T | undefined) => void] {
  const [state, setState] = useState<{ base: string; value: T } | null>(null);
  const draft = state !== null && state.base === appliedKey ? state.value : undefined;
  const setDraft = useCallback(
    (value: T | undefined) => setState(value === undefined ? null : { base: appliedKey, value }),
    [appliedKey],
  );
  return [draft, setDraft];
}
