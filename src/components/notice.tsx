/** A dismissible notice, e.g. what a malformed link asked for that was ignored. */
import './notice.css';
import { t } from '@lingui/core/macro';

export function Notice({ title, items, onDismiss }: { title: string; items: readonly string[]; onDismiss(): void }) {
  return (
    <section className="notice" role="status" aria-label={title}>
      <div>
        <strong>{title}</strong>
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <button type="button" onClick={onDismiss} aria-label={t`Dismiss: ${title}`}>
        ×
      </button>
    </section>
  );
}
