/**
 * What a page's origin keeps in the browser, read from the page: the service worker's caches (every entry's URL and,
 * for text, its body), every IndexedDB database's entries as JSON, and localStorage. For tests of what is kept
 * offline, and of what must never be kept (an API response in a cache, a typed token anywhere).
 */
import { expect, type Page } from '@playwright/test';

export interface Stored {
  caches: { cache: string; url: string; body: string }[];
  indexedDb: { db: string; store: string; key: string; value: string }[];
  localStorage: [string, string][];
}

export function storedInBrowser(page: Page): Promise<Stored> {
  return page.evaluate(async () => {
    const cached: Stored['caches'] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        const body = response && /json|text|javascript|html|xml/.test(type) ? await response.text() : '';
        cached.push({ cache: name, url: request.url, body });
      }
    }
    const indexedDb: Stored['indexedDb'] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('indexedDB.open failed'));
      });
      try {
        for (const store of db.objectStoreNames) {
          const objects = db.transaction(store, 'readonly').objectStore(store);
          const read = <T>(request: IDBRequest<T>) =>
            new Promise<T>((resolve, reject) => {
              request.onsuccess = () => resolve(request.result);
              request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
            });
          const [keys, values] = await Promise.all([read(objects.getAllKeys()), read(objects.getAll())]);
          keys.forEach((key, index) =>
            indexedDb.push({ db: name, store, key: String(key), value: JSON.stringify(values[index]) }),
          );
        }
      } finally {
        db.close();
      }
    }
    const local: [string, string][] = [];
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index)!;
      local.push([key, localStorage.getItem(key) ?? '']);
    }
    return { caches: cached, indexedDb, localStorage: local };
  });
}

/** Waits until the app's service worker is active: from then on, the app opens with no network. */
export async function expectAppKeptForOffline(page: Page): Promise<void> {
  await expect
    .poll(
      () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'no worker'),
      { timeout: 45_000 },
    )
    .toBe('activated');
}
