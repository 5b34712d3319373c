/**
 * Inter, the app's typeface (lib/typeface.css), asked for once: when the page's first screen is painted
 * (panels/first-screen.tsx), or with the charts' code (panels/chart-code.ts), whichever comes first, and at the
 * latest a few seconds after the start (app/mount.tsx). Until it arrives, text is drawn in 'Inter Fallback', whose
 * metrics match it, so the swap moves nothing, and its 48 kB do not share a slow network with the app's code and
 * first answers. A chart asks for it with its own code, which is larger, so that it draws its words once, in Inter.
 */
let asked: Promise<unknown> | null = null;

export function loadTypeface(): void {
  // A failed download (offline) is asked for again next time.
  asked ??= import('./typeface.css').catch(() => {
    asked = null;
  });
}
