/**
 * A view as a printed report (app/print.css hides the controls): More → "Print report", and the browser's own Print.
 * `PrintHeader` is printed above the view and never shown on screen: the title, the view in words
 * (views/print-words.ts), when it was printed and the view's address as text, so the paper leads back to it.
 * "Print report" first puts a sharp picture of each chart in its place (lib/print-pictures.ts); the browser's own
 * Print, which gives no time to draw, prints each chart's canvas fitted to the page's width.
 */
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';

import { intlLocale } from '../lib/i18n';
import { clearPrintPictures, preparePrintPictures } from '../lib/print-pictures';
import { PALETTES } from '../lib/theme';
import { useTheme } from '../lib/use-theme';
import { printWords, type PrintedView } from './print-words';

export function PrintHeader({ title, view }: { title: string; view: PrintedView }) {
  const lines = printWords(view);
  // When it was printed: it is rendered only while the page is printed (views/print-slot.tsx), from the moment it began.
  const [printedAt] = useState(() => Date.now());
  const when = new Intl.DateTimeFormat(intlLocale(), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(printedAt);
  const address = typeof window === 'undefined' ? '' : window.location.href;
  return (
    <header className="print-header print-only">
      <p className="print-title">{title}</p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>{t`Printed ${when}`}</p>
      <p className="print-address">{t`Address: ${address}`}</p>
    </header>
  );
}

export function PrintReportButton() {
  const { resolved } = useTheme();
  const [preparing, setPreparing] = useState(false);
  const print = async () => {
    setPreparing(true);
    try {
      await preparePrintPictures(PALETTES[resolved].panel);
      window.print();
    } finally {
      setPreparing(false);
    }
  };
  useEffect(() => {
    window.addEventListener('afterprint', clearPrintPictures);
    return () => window.removeEventListener('afterprint', clearPrintPictures);
  }, []);
  return (
    <button type="button" onClick={() => void print()} disabled={preparing}>
      {t`Print report`}
    </button>
  );
}
