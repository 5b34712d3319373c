import './skeleton.css';

/** A placeholder while something loads: busy for assistive technology, named for what it stands in for. */
export function Skeleton({ label, text = 'Loading…' }: { label: string; text?: string }) {
  return (
    <div className="skeleton" aria-busy="true" aria-label={label}>
      {text}
    </div>
  );
}
