/**
 * Handing a file to the browser: a Blob, an object URL, a temporary `<a download>` clicked and removed, the URL
 * revoked after. No inline script, no `data:` navigation, nothing a content security policy has to allow.
 */
import { writeCsv, type CsvTable } from './csv';

/** How long the object URL outlives the click (the browser reads it asynchronously). */
const REVOKE_AFTER_MS = 1_000;

export function saveBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

export function csvBlob(table: CsvTable): Blob {
  return new Blob([writeCsv(table)], { type: 'text/csv;charset=utf-8' });
}

export function saveCsv(table: CsvTable, fileName: string): void {
  saveBlob(csvBlob(table), fileName);
}
