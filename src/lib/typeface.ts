/**
 * Inter, the app's typeface, asked for once: when the page's first screen is painted (panels/first-screen.tsx), or
 * with the charts' code (panels/chart-code.ts), whichever comes first, and at the latest a few seconds after the start
 * (app/mount.tsx). Until it arrives, text is drawn in 'Inter Fallback' (app/typography.css), whose metrics match it, so
 * the swap moves nothing, and its 48 kB do not share a slow network with the app's code and first answers. A chart
 * asks for it with its own code, which is larger, so that it draws its words once, in Inter.
 *
 * It is loaded through the FontFace API and added to the document once it is in: the page's text is laid out again
 * once, when it arrives. (An @font-face rule, added with a stylesheet, laid the whole page out twice: when the rule
 * came, for a face still loading, and when the face was in; on a phone each pass over the portfolio is a long task.)
 */
import interUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

/**
 * Inter, variable weight, Latin only (48 kB), served with the app (package @fontsource-variable/inter). Loaded here,
 * not found by the browser, it needs no unicode-range: a character the file lacks is drawn in the next font listed.
 */
const INTER = {
  family: 'Inter Variable',
  source: `url(${JSON.stringify(interUrl)}) format("woff2")`,
  descriptors: { style: 'normal', weight: '100 900', display: 'swap' },
} as const;

let asked: Promise<unknown> | null = null;
let arrivals = 0;
const arrivalListeners = new Set<() => void>();

export function loadTypeface(): void {
  // Where there is no font loading API (tests' jsdom), text stays in the fallback.
  if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) return;
  // A failed download (offline) is asked for again next time.
  asked ??= addInter().catch(() => {
    asked = null;
  });
}

/** Calls `listener` each time the typeface has arrived in the document; returns its removal. */
export function onTypefaceArrived(listener: () => void): () => void {
  arrivalListeners.add(listener);
  return () => arrivalListeners.delete(listener);
}

/** How many times the typeface has arrived in the document (once, unless the document lost it). */
export function typefaceArrivals(): number {
  return arrivals;
}

/** A new FontFace of Inter, not loaded yet (a worker drawing charts adds its own: charts/wall-chart-worker.ts). */
export function interFace(): FontFace {
  return new FontFace(INTER.family, INTER.source, INTER.descriptors);
}

async function addInter(): Promise<void> {
  const face = interFace();
  await face.load();
  document.fonts.add(face);
  arrivals += 1;
  for (const listener of arrivalListeners) listener();
}
