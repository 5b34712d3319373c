import './skeleton.css';
import { t } from '@lingui/core/macro';

/** A placeholder while something loads: busy for assistive technology, named for what it stands in for. */
export function Skeleton({ label, text }: { label: string; text?: string }) {
  return (
    <div className="skeleton" aria-busy="true" aria-label={label}>
      {text ?? t`Loading…`}
    </div>
  );
}
