import { t } from '@lingui/core/macro';
import { useState } from 'react';

import { useDebouncedCallback } from '../../filters/use-debounced-callback';

/** The search box: typed text goes to the address after a pause, replacing the entry (no history per key). */
export function SearchField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const [draft, setDraft] = useState({ text: value, from: value });
  // The address changed by itself (Back, a link): show what it says.
  if (draft.from !== value && draft.text !== value) setDraft({ text: value, from: value });
  const write = useDebouncedCallback(onChange, 250);
  return (
    <label className="portfolio-search">
      <span className="field-label">{t`Search locations`}</span>
      <svg className="search-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <circle cx="7" cy="7" r="4.5" />
        <path d="M10.5 10.5 14 14" />
      </svg>
      <input
        type="search"
        value={draft.text}
        placeholder={t`Search locations…`}
        onChange={(event) => {
          setDraft({ text: event.target.value, from: value });
          write(event.target.value);
        }}
      />
    </label>
  );
}
