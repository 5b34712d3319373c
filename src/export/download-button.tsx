/**
 * A download button. While its data is not ready it stays in the tab order but is disabled (`aria-disabled`), and
 * says why: the reason is its accessible description and shows beside it on hover and focus. What it makes is
 * built on click (the caller's `onDownload`, which imports the export code then, so pages do not ship it up
 * front); a failure is said next to the button, never a blank page.
 */
import './download-button.css';
import { t } from '@lingui/core/macro';
import { useId, useState } from 'react';

export interface DownloadButtonProps {
  /** The accessible name, unique on the page: "Download CSV", "Download busiest times as CSV". */
  label: string;
  /** Why the file cannot be made yet; null when it can. */
  unavailable: string | null;
  onDownload(): void | Promise<void>;
}

export function DownloadButton({ label, unavailable, onDownload }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonId = useId();
  const reason = busy ? t`Preparing the file…` : unavailable;
  const download = async () => {
    if (reason) return;
    setBusy(true);
    setFailure(null);
    try {
      await onDownload();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setFailure(t`Could not make the file: ${message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="download">
      <button
        type="button"
        aria-disabled={reason ? true : undefined}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => void download()}
      >
        {label}
      </button>
      {reason && (
        <span className="download-reason" id={reasonId}>
          {reason}
        </span>
      )}
      {failure && (
        <span className="download-failure" role="alert">
          {failure}
        </span>
      )}
    </span>
  );
}
