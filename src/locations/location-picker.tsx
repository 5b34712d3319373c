/**
 * Choose a location: the server's list as a tree, searchable by name; the configured list when the server
 * offers none; and always a typed id.
 */
import { useId, useState, type FormEvent } from 'react';

import type { LocationRecord } from '../api/schemas';
import { searchTree, toTree } from './location-tree';

export interface LocationPickerProps {
  current: number;
  /** From `/locations` (a tree), or the configured list. */
  records: readonly LocationRecord[];
  onChoose(id: number): void;
}

export function LocationPicker({ current, records, onChoose }: LocationPickerProps) {
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const errorId = useId();
  const entries = searchTree(toTree(records), query);
  const known = entries.some((entry) => entry.record.location_id === current);

  const openTyped = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(typed.trim());
    if (!/^\d+$/.test(typed.trim()) || !Number.isSafeInteger(id)) {
      setTypedError('A location number is a whole number, e.g. 12.');
      return;
    }
    setTypedError(null);
    onChoose(id);
  };

  return (
    <div className="location-picker">
      <label>
        Search locations
        <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Name…" />
      </label>
      <label>
        Location
        <select value={String(current)} onChange={(event) => onChoose(Number(event.target.value))}>
          {!known && <option value={String(current)}>Location {current}</option>}
          {entries.map(({ record, depth }) => (
            <option key={record.location_id} value={String(record.location_id)}>
              {`${'\u00a0\u00a0\u00a0'.repeat(depth)}${record.name}`}
            </option>
          ))}
        </select>
      </label>
      {query && entries.length === 0 && <p className="hint">No location matches “{query}”.</p>}
      <form onSubmit={openTyped} className="typed-id">
        <label>
          Location number
          <input
            inputMode="numeric"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={typedError !== null}
            aria-describedby={typedError ? errorId : undefined}
            size={6}
          />
        </label>
        <button type="submit">Open</button>
        {typedError && (
          <span id={errorId} role="alert" className="field-error">
            {typedError}
          </span>
        )}
      </form>
    </div>
  );
}
