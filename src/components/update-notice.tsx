/** Says that a new version of the app is ready, with the button that reloads onto it; it never reloads by itself. */
import './notice.css';

export function UpdateNotice({ onReload }: { onReload(): void }) {
  return (
    <section className="notice update-notice" role="status" aria-label="A new version is available">
      <div>
        <strong>A new version is available</strong>
        <p>Reload to use it. The view you are on is in the address, and stays.</p>
      </div>
      <button type="button" onClick={onReload}>
        Reload
      </button>
    </section>
  );
}
