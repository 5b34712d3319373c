import { writeFileSync } from 'node:fs';
import { launchBrowser, startServer } from './bench-server';
const DIST = 'node_modules/.cache/bench-dist';
const pages = (process.env.P ?? '/portfolio,/locations/11/utilization,/locations/11/occupancy,/kiosk?locations=11').split(',');
const cpu = Number(process.env.CPU ?? 1);
const server = await startServer(4399, '', DIST);
const browser = await launchBrowser();
for (const path of pages) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    const w = window as any; w.__lcp = []; w.__lt = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries() as any[]) { const el = e.element as Element | null; w.__lcp.push({ t: Math.round(e.startTime), size: e.size, el: el ? `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 60)}"` : e.url }); } }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await ctx.newCDPSession(page);
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const trace = process.env.TRACE;
  if (trace) await browser.startTracing(page, { path: `${trace}-${path.replace(/\W+/g, '_')}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'].concat(process.env.PROF ? ['disabled-by-default-v8.cpu_profiler'] : []) });
  await page.goto(server.baseUrl + path);
  await page.waitForTimeout(6000);
  if (trace) await browser.stopTracing();
  const r = await page.evaluate(() => ({ lcp: (window as any).__lcp, lt: (window as any).__lt, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime }));
  console.log(path, 'FCP', Math.round(r.fcp ?? -1));
  for (const e of r.lcp) console.log('  LCP', e.t, e.size, e.el);
  console.log('  longtasks', JSON.stringify(r.lt));
  await ctx.close();
}
await browser.close(); await server.close();
