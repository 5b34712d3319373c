import { afterEach, describe, expect, it, vi } from 'vitest';

import { createKeptStore, indexedDbBackend, memoryBackend, type KeptStoreOptions } from './kept-store';

const INDEX = 'test-index';

/** A clock that moves one second per call, so every write is newer than the one before. */
function steppingClock() {
  let now = Date.parse('2026-11-18T15:30:00Z');
  return () => (now += 1_000);
}

function storeOver(backend = memoryBackend(), options: Partial<KeptStoreOptions> = {}) {
  const store = createKeptStore({
    backend,
    indexKey: INDEX,
    maxEntries: 3,
    maxBytes: 1_000,
    now: steppingClock(),
    label: 'Test entries',
    ...options,
  });
  return { store, backend, entries: () => [...backend.contents.keys()].filter((key) => key !== INDEX).sort() };
}

describe('createKeptStore: the one store every kind of kept data goes through', () => {
  it('gives back what it saved, a string as the string itself', async () => {
    const { store } = storeOver();
    expect(await store.save('a', { figures: [1, 2] }, 1)).toBe('saved');
    expect(await store.save('b', '{"kept":"as text"}', 1)).toBe('saved');
    expect(await store.read('a')).toEqual({ figures: [1, 2] });
    expect(await store.read('b')).toBe('{"kept":"as text"}');
    expect(await store.read('missing')).toBeUndefined();
  });

  it('keeps at most maxEntries, evicting the least recently written', async () => {
    const { store, entries } = storeOver();
    for (const key of ['a', 'b', 'c', 'd']) expect(await store.save(key, key, 1)).toBe('saved');
    expect(entries()).toEqual(['b', 'c', 'd']);
    // Written again, `b` is the newest: the next one evicts `c`.
    expect(await store.save('b', 'b, newer', 2)).toBe('saved');
    expect(await store.save('e', 'e', 1)).toBe('saved');
    expect(entries()).toEqual(['b', 'd', 'e']);
  });

  it('keeps at most maxBytes of JSON, evicting the oldest, and never an entry larger than the bound', async () => {
    const { store, entries } = storeOver();
    expect(await store.save('a', 'x'.repeat(400), 1)).toBe('saved');
    expect(await store.save('b', 'x'.repeat(400), 1)).toBe('saved');
    expect(await store.save('c', 'x'.repeat(400), 1)).toBe('saved');
    expect(entries()).toEqual(['b', 'c']);
    // Too large for the whole bound: not kept, and the older entry under its key goes too.
    expect(await store.save('c', 'x'.repeat(1_001), 2)).toBe('too-large');
    expect(entries()).toEqual(['b']);
  });

  it('never writes an entry that holds a secret', async () => {
    const { store, entries } = storeOver(memoryBackend(), { secrets: () => ['tok.en', null, ''] });
    expect(await store.save('a', { header: 'Bearer tok.en' }, 1)).toBe('holds-a-secret');
    expect(await store.save('b', 'a string with tok.en inside', 1)).toBe('holds-a-secret');
    expect(entries()).toEqual([]);
  });

  it('does not write again what is written already, and writes newer data', async () => {
    const { store } = storeOver();
    expect(await store.save('a', 'first', 5)).toBe('saved');
    expect(await store.save('a', 'same stamp', 5)).toBe('unchanged');
    expect(await store.save('a', 'older', 4)).toBe('unchanged');
    expect(await store.read('a')).toBe('first');
    expect(await store.save('a', 'newer', 6)).toBe('saved');
    expect(await store.read('a')).toBe('newer');
  });

  it('deletes what its index does not name (an older version’s keys, a write cut off) before its first write', async () => {
    const backend = memoryBackend();
    backend.contents.set('left-by-an-older-version', { rows: [] });
    backend.contents.set(INDEX, 'not an index');
    const { store, entries } = storeOver(backend);
    expect(await store.save('a', 'a', 1)).toBe('saved');
    expect(entries()).toEqual(['a']);
  });

  it('keeps what two tabs write at once: neither overwrites the other’s index nor deletes the other’s entries', async () => {
    // Two stores over one backend are two tabs over one database (memoryBackend's `exclusive` is the Web Lock).
    const backend = memoryBackend();
    const tab = () => storeOver(backend, { maxEntries: 10, maxBytes: 10_000 });
    const [first, second] = [tab(), tab()];
    const results = await Promise.all([
      first.store.save('a', 'a', 1),
      second.store.save('b', 'b', 1),
      first.store.save('c', 'c', 1),
      second.store.save('d', 'd', 1),
    ]);
    expect(results).toEqual(['saved', 'saved', 'saved', 'saved']);
    const index = () => (backend.contents.get(INDEX) as { items: { key: string }[] }).items.map((item) => item.key);
    expect(index().sort()).toEqual(['a', 'b', 'c', 'd']);
    // A third tab's first write, which deletes what the index does not name, while the second writes again.
    const third = tab();
    expect(await Promise.all([third.store.save('e', 'e', 1), second.store.save('f', 'f', 1)])).toEqual([
      'saved',
      'saved',
    ]);
    expect(third.entries()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(index().sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('fails quietly when the lock cannot be had', async () => {
    const errors: unknown[] = [];
    const { store } = storeOver(
      { ...memoryBackend(), exclusive: () => Promise.reject(new Error('SecurityError')) },
      { onBackendError: (error) => errors.push(error) },
    );
    expect(await store.save('a', 'a', 1)).toBe('failed');
    expect(errors).toHaveLength(1);
  });

  describe('over IndexedDB', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('runs each write under a Web Lock named after its database and store, shared by every tab', async () => {
      const names: string[] = [];
      const request = (name: string, task: () => Promise<unknown>) => {
        names.push(name);
        return task();
      };
      vi.stubGlobal('navigator', { locks: { request } });
      const backend = indexedDbBackend('dashboard-views', 'views');
      expect(await backend.exclusive?.(async () => 'ran')).toBe('ran');
      expect(names).toEqual(['kept-store:dashboard-views/views']);
    });
  });

  it('is empty and silent when its backend fails, and says so once', async () => {
    const errors: unknown[] = [];
    const failing = () => Promise.reject(new Error('quota'));
    const { store } = storeOver(
      { get: failing, set: failing, del: failing, delMany: failing, keys: failing, contents: new Map() },
      { onBackendError: (error) => errors.push(error) },
    );
    expect(await store.read('a')).toBeUndefined();
    expect(await store.save('a', 'a', 1)).toBe('failed');
    expect(errors).toHaveLength(1);
  });
});
