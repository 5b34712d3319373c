/** Says that a new version of the app is ready, with the button that reloads onto it; it never reloads by itself. */
import './notice.css';
import { t } from '@lingui/core/macro';

export function UpdateNotice({ onReload }: { onReload(): void }) {
  return (
    <section className="notice update-notice" role="status" aria-label={t`A new version is available`}>
      <div>
        <strong>{t`A new version is available`}</strong>
        <p>{t`Reload to use it. The view you are on is in the address, and stays.`}</p>
      </div>
      <button type="button" onClick={onReload}>
        {t`Reload`}
      </button>
    </section>
  );
}
