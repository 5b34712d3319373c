/**
 * A drawn chart's picture, as PNG at PNG_PIXEL_RATIO times its size on screen, on a background colour (never
 * transparent): from ECharts on the page (`pagePicture`, charts/chart.tsx), or from the chart worker for a chart drawn
 * there (panels/wall-chart.tsx). The downloads (export/) take either.
 */
import { t } from '@lingui/core/macro';

export interface ChartPicture {
  png(backgroundColor: string): Promise<Blob>;
}

/** Twice the screen's pixels. */
export const PNG_PIXEL_RATIO = 2;

interface DataUrlOptions {
  type: 'png';
  pixelRatio: number;
  backgroundColor: string;
}

/** The picture of a chart drawn on the page, by ECharts' own `getDataURL`. */
export function pagePicture(getDataURL: (options: DataUrlOptions) => string): ChartPicture {
  return {
    png: async (backgroundColor) =>
      dataUrlToBlob(getDataURL({ type: 'png', pixelRatio: PNG_PIXEL_RATIO, backgroundColor })),
  };
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
