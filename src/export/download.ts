/**
 * Handing a file to the browser: a Blob, an object URL, a temporary `<a download>` clicked and removed, the URL
 * revoked after. No inline script, no `data:` navigation, nothing a content security policy has to allow.
 */
import { t } from '@lingui/core/macro';

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

/** What a chart gives a picture of itself with: ECharts' own `getDataURL`. */
export interface ChartPicture {
  getDataURL(options: { type: 'png'; pixelRatio: number; backgroundColor: string }): string;
}

/** Twice the screen's pixels, on the theme's panel colour (never transparent). */
export function chartPng(chart: ChartPicture, backgroundColor: string): Blob {
  return dataUrlToBlob(chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor }));
}

/** A base64 `data:` URL as a Blob, decoded here (no fetch of a `data:` URL, which a CSP's connect-src may refuse). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]+)(;[^,]*)?;base64,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error(t`The chart did not give a picture.`);
  const binary = atob(match[3]!);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: match[1] });
}
