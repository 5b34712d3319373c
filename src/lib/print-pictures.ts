import { useSyncExternalStore } from 'react';

/**
 * Charts on paper, drawn sharp: a chart drawn in the worker is a canvas of the screen's pixels, which a printer
 * enlarges and blurs. Each drawn chart registers its figure and its picture (lib/chart-picture.ts, at any pixel ratio); before a report is
 * printed (`preparePrintPictures`) each is drawn again as a PNG at PRINT_PIXEL_RATIO and put in its figure as an
 * `<img class="print-picture">`, which only print shows, at the page's width (app/print.css); `clearPrintPictures`
 * takes them away after. Every chart is drawn first, those below the screen too. A chart with no picture (drawn on
 * the page, or the browser's own Print, which gives no time to draw) prints its canvas, fitted to the width.
 */
/** Three times the chart's size: sharp at a printer's resolution over an A4 or Letter page's width. */
export const PRINT_PIXEL_RATIO = 3;

interface Printable {
  figure: HTMLElement;
  picture: (pixelRatio: number, backgroundColor: string) => Promise<Blob>;
}

const printable = new Set<Printable>();

// Charts are drawn once near the screen (panels/wall-chart.tsx); a report asks for every one of them at once.
let everyChartWanted = false;
const wantListeners = new Set<() => void>();

/** Whether a report asked for every chart of the page to be drawn, wherever it is. */
export function useEveryChartWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      wantListeners.add(listener);
      return () => wantListeners.delete(listener);
    },
    () => everyChartWanted,
    () => false,
  );
}

/** Asks every chart to be drawn, and resolves once none is left undrawn (or after `timeoutMs`). */
async function drawEveryChart(timeoutMs = 10_000): Promise<void> {
  everyChartWanted = true;
  for (const listener of wantListeners) listener();
  const until = Date.now() + timeoutMs;
  while (document.querySelector('figure.chart-not-drawn') && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Registers a drawn chart for print; returns its removal. */
export function registerPrintable(figure: HTMLElement, picture: Printable['picture']): () => void {
  const entry = { figure, picture };
  printable.add(entry);
  return () => printable.delete(entry);
}

/** Puts a sharp picture of every registered chart in its figure; resolves once they are all in (or failed). */
export async function preparePrintPictures(backgroundColor: string): Promise<void> {
  await drawEveryChart();
  await Promise.all(
    [...printable].map(async ({ figure, picture }) => {
      try {
        const png = await picture(PRINT_PIXEL_RATIO, backgroundColor);
        figure.querySelector(':scope > img.print-picture')?.remove();
        const image = document.createElement('img');
        image.className = 'print-picture';
        image.alt = '';
        image.src = URL.createObjectURL(png);
        figure.append(image);
        await image.decode().catch(() => undefined);
      } catch {
        // Its canvas prints instead, fitted to the width.
      }
    }),
  );
}

export function clearPrintPictures(): void {
  for (const image of document.querySelectorAll<HTMLImageElement>('img.print-picture')) {
    URL.revokeObjectURL(image.src);
    image.remove();
  }
}
