/**
 * What the kiosk's soak test counts in the heaps it watches (e2e/kiosk-soak.spec.ts): ECharts instances on the page,
 * and the heap and canvases of the worker the kiosk draws its charts in (src/charts/wall-chart-worker.ts).
 */
import type { CDPSession } from '@playwright/test';

/**
 * The live ECharts instances anywhere in the page's heap, on screen or not (a chart left behind by a disposed
 * panel counts too): V8's `queryObjects` over the ECharts prototype, taken from a chart on screen through the
 * `echarts` module echarts-for-react is given as a prop (the build exposes it nowhere else). None on screen (the
 * kiosk draws in its worker until someone points at a chart): 0.
 */
export async function liveEChartsInstances(cdp: CDPSession): Promise<number> {
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: `(() => {
      const box = document.querySelector('.echarts-for-react');
      if (!box) return null;
      const key = Object.keys(box).find((name) => name.startsWith('__reactFiber$'));
      let fiber = key && box[key];
      while (fiber && !(fiber.memoizedProps && fiber.memoizedProps.echarts)) fiber = fiber.return;
      const instance = fiber && fiber.memoizedProps.echarts.getInstanceByDom(box);
      return instance ? Object.getPrototypeOf(instance) : null;
    })()`,
    objectGroup: 'soak',
  });
  if (!result.objectId) return 0;
  const send: Send = (method, params) => cdp.send(method as 'Runtime.evaluate', params as never) as Promise<Answer>;
  return countAndRelease(send, result.objectId);
}

/** The parts of DevTools' answers read here. */
interface Answer {
  objects?: { objectId: string };
  result?: { value?: unknown; objectId?: string };
  usedSize?: number;
}
export type Send = (method: string, params?: object) => Promise<Answer>;

/** How many objects in the heap `send` reaches have the prototype `prototypeObjectId`; releases the group. */
async function countAndRelease(send: Send, prototypeObjectId: string): Promise<number> {
  const { objects } = await send('Runtime.queryObjects', { prototypeObjectId, objectGroup: 'soak' });
  const { result } = await send('Runtime.callFunctionOn', {
    objectId: objects!.objectId,
    functionDeclaration: 'function () { return this.length; }',
    returnByValue: true,
  });
  await send('Runtime.releaseObjectGroup', { objectGroup: 'soak' });
  return result!.value as number;
}

/**
 * A DevTools session with the page's chart worker, through the page's own (`Target.sendMessageToTarget`: Playwright
 * gives no session of a worker). Resolves once the worker has started.
 */
export async function chartWorkerSession(cdp: CDPSession): Promise<Send> {
  let next = 1;
  const answers = new Map<number, (message: { result?: object; error?: { message: string } }) => void>();
  const attached = new Promise<string>((resolve) => {
    cdp.on('Target.attachedToTarget', (event) => {
      if (event.targetInfo.type === 'worker' && event.targetInfo.url.includes('wall-chart-worker')) {
        resolve(event.sessionId);
      }
    });
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const sessionId = await attached;
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; result?: object; error?: { message: string } };
    if (message.id !== undefined) answers.get(message.id)?.(message);
  });
  return (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = next++;
      answers.set(id, (message) => {
        answers.delete(id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve((message.result ?? {}) as Answer);
      });
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
}

/** The chart worker's heap after two collections (MB), and the canvases it holds (its charts' and their layers). */
export async function chartWorkerHeap(worker: Send): Promise<{ heapMB: number; canvases: number }> {
  await worker('HeapProfiler.collectGarbage');
  await worker('HeapProfiler.collectGarbage');
  const { usedSize } = await worker('Runtime.getHeapUsage');
  const { result } = await worker('Runtime.evaluate', { expression: 'OffscreenCanvas.prototype', objectGroup: 'soak' });
  return {
    heapMB: Math.round((usedSize! / 2 ** 20) * 100) / 100,
    canvases: await countAndRelease(worker, result!.objectId!),
  };
}
