import { writeFileSync } from 'node:fs';
import { launchBrowser, NOW, startServer } from './dashboard';
const dist = process.env.DIST ?? 'node_modules/.cache/prof-dist';
const server = await startServer(4338, `--now ${NOW}`, dist);
const browser = await launchBrowser();
for (const [name, path] of [
  ['portfolio', '/portfolio'],
  ['utilization', '/locations/11/utilization'],
  ['occupancy', '/locations/11/occupancy'],
  ['kiosk', '/kiosk?locations=11'],
]) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.clock.install({ time: new Date(NOW) });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
  });
  await page.goto(server.baseUrl + path);
  await page.waitForTimeout(Number(process.env.WAIT ?? 9000));
  writeFileSync(`/tmp/trace-${name}.json`, await browser.stopTracing());
  await context.close();
}
await browser.close();
await server.close();
