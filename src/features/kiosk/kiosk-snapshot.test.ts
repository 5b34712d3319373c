import { describe, expect, it, vi } from 'vitest';

import { HOUR_MS, MINUTE_MS } from '../../lib/time-spans';
import { metricEnvelope } from '../../test/fetch-fakes';
import { createKioskSnapshotStore, kioskAddress, snapshotKey, type SnapshotInput } from './kiosk-snapshot';
import { indexedDbBackend, memoryBackend, type KeptBackend as SnapshotBackend } from '../../persist/kept-store';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.secret-payload.signature';
const ADDRESS = kioskAddress('locations=20&panels=now,figures&rotate=0');
const BERLIN = { name: 'Berlin office', zone: { kind: 'zone' as const, name: 'Europe/Berlin' } };

/** Occupancy at 15 minutes for `windows` windows of 18 November 2026 in Berlin (UTC+1). */
function occupancyPages(windows: number) {
  const data = Array.from({ length: windows }, (_, index) => {
    const start = Date.UTC(2026, 10, 17, 23, 0) + index * 15 * MINUTE_MS;
    const at = (ms: number) => new Date(ms + HOUR_MS).toISOString().replace('.000Z', '+01:00');
    return {
      timestamp: at(start),
      window_start: at(start),
      window_end: at(start + 15 * MINUTE_MS),
      avg_occupancy: index % 40,
      avg_utilization_percentage: (index % 40) / 100,
      peak_occupancy: (index % 40) + 3,
      peak_utilization_percentage: ((index % 40) + 3) / 100,
    };
  });
  return [
    metricEnvelope('occupancy', data, {
      location_id: 20,
      name: 'Berlin office',
      capacity: 100,
      interval: '15min',
      time_range: { start: '2026-11-18T00:00:00+01:00', end: '2026-11-19T00:00:00+01:00' },
    }),
  ] as Extract<SnapshotInput['content'], { panel: 'now' }>['pages'];
}

function nowEntry(overrides: Partial<SnapshotInput> = {}, windows = 4): SnapshotInput {
  return {
    address: ADDRESS,
    locationId: 20,
    receivedAt: Date.parse('2026-11-18T15:30:00Z'),
    location: BERLIN,
    content: { panel: 'now', pages: occupancyPages(windows) },
    ...overrides,
  };
}

const figuresEntry = (overrides: Partial<SnapshotInput> = {}): SnapshotInput => ({
  ...nowEntry(),
  content: {
    panel: 'figures',
    capacity: 100,
    figures: {
      averageUtilization: 0.31,
      peakUtilization: 0.92,
      peakOccupancy: 92,
      peakOccupancyAt: '2026-11-17T11:00:00+01:00',
      totalEntries: 1234,
      averageDwellMinutes: 41,
      inUseShare: 0.7,
      hoursOverCapacity: 0,
      rightSizeP95: 80,
      busiestHour: 11,
      busiestWeekday: 2,
    },
  },
  ...overrides,
});

/** The entries a backend holds (the index aside), and the JSON size of each. */
function storedEntries(backend: ReturnType<typeof memoryBackend>) {
  return [...backend.contents].filter(([key]) => key.startsWith('kiosk-snapshot:'));
}

/** A clock that moves one second per call, so every write is newer than the one before. */
function steppingClock() {
  let now = Date.parse('2026-11-18T15:30:00Z');
  return () => (now += 1_000);
}

describe('kioskAddress: the key of a kiosk', () => {
  it('is the same for the same kiosk written in another order or with spaces', () => {
    expect(kioskAddress('rotate=0&locations=20,11&panels=now')).toBe(
      kioskAddress('panels=now&locations=20,11&rotate=%200'),
    );
    expect(kioskAddress('locations=20,11&panels=now')).not.toBe(kioskAddress('locations=11,20&panels=now'));
  });

  it('drops parameters a kiosk does not have, a token among them, and empty ones', () => {
    expect(kioskAddress(`locations=20&token=${TOKEN}&utm_source=mail&range=&theme=dark`)).toBe(
      'locations=20&theme=dark',
    );
  });

  it('holds no resolved date: the same kiosk before and after midnight has the same keys', () => {
    const address = kioskAddress('locations=20&range=7d');
    expect(snapshotKey(address, 20, 'now')).toBe(snapshotKey(kioskAddress('range=7d&locations=20'), 20, 'now'));
    expect(snapshotKey(address, 20, 'now')).not.toMatch(/\d{4}-\d\d-\d\d/);
  });
});

describe('createKioskSnapshotStore', () => {
  it('gives back what it saved, by kiosk address, location and panel', async () => {
    const store = createKioskSnapshotStore({ backend: memoryBackend() });
    expect(await store.save(nowEntry())).toBe('saved');
    expect(await store.save(figuresEntry())).toBe('saved');
    expect(await store.save(nowEntry({ locationId: 11 }))).toBe('saved');
    expect(await store.save(nowEntry({ address: kioskAddress('locations=20&panels=now') }))).toBe('saved');

    const found = await store.load(ADDRESS, 20);
    expect(Object.keys(found).sort()).toEqual(['figures', 'now']);
    expect(found.now).toEqual({ version: 1, ...nowEntry() });
    expect(found.figures?.content).toEqual(figuresEntry().content);
    expect(Object.keys(await store.load(ADDRESS, 11))).toEqual(['now']);
    expect(await store.load(ADDRESS, 99)).toEqual({});
  });

  it('replaces the entry of the same address, location and panel', async () => {
    const backend = memoryBackend();
    const store = createKioskSnapshotStore({ backend });
    await store.save(nowEntry({ receivedAt: 1_000 }));
    await store.save(nowEntry({ receivedAt: 2_000 }));
    expect((await store.load(ADDRESS, 20)).now?.receivedAt).toBe(2_000);
    expect(storedEntries(backend)).toHaveLength(1);
  });

  it('keeps at most maxEntries entries, evicting the oldest written', async () => {
    const backend = memoryBackend();
    const store = createKioskSnapshotStore({ backend, maxEntries: 3, now: steppingClock() });
    for (const locationId of [1, 2, 3, 4, 5]) await store.save(nowEntry({ locationId }));
    expect(storedEntries(backend)).toHaveLength(3);
    const present = await Promise.all(
      [1, 2, 3, 4, 5].map(async (id) => (await store.load(ADDRESS, id)).now !== undefined),
    );
    expect(present).toEqual([false, false, true, true, true]);

    // Newer data of location 3 makes it the newest written: 4 is now the oldest and goes first.
    await store.save(nowEntry({ locationId: 3, receivedAt: nowEntry().receivedAt + 1 }));
    await store.save(nowEntry({ locationId: 6 }));
    const after = await Promise.all([3, 4, 5, 6].map(async (id) => (await store.load(ADDRESS, id)).now !== undefined));
    expect(after).toEqual([true, false, true, true]);
  });

  it('keeps at most maxBytes of JSON, evicting the oldest written', async () => {
    const backend = memoryBackend();
    const one = JSON.stringify({ version: 1, ...nowEntry({}, 50) }).length;
    const maxBytes = Math.floor(one * 3.5);
    const store = createKioskSnapshotStore({ backend, maxBytes, now: steppingClock() });
    for (let locationId = 1; locationId <= 10; locationId++) await store.save(nowEntry({ locationId }, 50));

    const sizes = storedEntries(backend).map(([, value]) => JSON.stringify(value).length);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(maxBytes);
    expect(sizes).toHaveLength(3);
    expect((await store.load(ADDRESS, 10)).now).toBeDefined();
    expect((await store.load(ADDRESS, 7)).now).toBeUndefined();
  });

  it('does not keep an entry larger than the whole bound, nor the older one of its panel', async () => {
    const backend = memoryBackend();
    const store = createKioskSnapshotStore({ backend, maxBytes: 5_000 });
    expect(await store.save(nowEntry({}, 2))).toBe('saved');
    expect(await store.save(nowEntry({ receivedAt: nowEntry().receivedAt + 1 }, 200))).toBe('too-large');
    expect(await store.load(ADDRESS, 20)).toEqual({});
    expect(storedEntries(backend)).toHaveLength(0);
  });

  it('never writes an entry holding a token, and nothing it writes holds one', async () => {
    const backend = memoryBackend();
    const store = createKioskSnapshotStore({ backend, secrets: () => [null, TOKEN, ''] });
    const leaky = nowEntry({ location: { ...BERLIN, name: `Berlin ${TOKEN}` } });
    expect(await store.save(leaky)).toBe('holds-a-secret');
    expect(await store.load(ADDRESS, 20)).toEqual({});

    // A kiosk whose address carries a token (it should not, but someone will paste one).
    const address = kioskAddress(`locations=20&panels=now&token=${TOKEN}`);
    expect(await store.save(nowEntry({ address }))).toBe('saved');
    expect(await store.save(figuresEntry({ address }))).toBe('saved');
    expect((await store.load(address, 20)).now).toBeDefined();
    const everything = JSON.stringify([...backend.contents]);
    expect(everything).toContain('Berlin office');
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain('secret-payload');
  });

  it('ignores corrupt, unknown and misplaced entries, and still loads the good ones', async () => {
    const backend = memoryBackend();
    const store = createKioskSnapshotStore({ backend });
    await store.save(figuresEntry());
    const key = (panel: 'now' | 'heatmap' | 'traffic' | 'children') => snapshotKey(ADDRESS, 20, panel);
    backend.contents.set(key('now'), { ...nowEntry(), version: 99 });
    backend.contents.set(key('heatmap'), 'not an object');
    backend.contents.set(key('traffic'), { ...nowEntry(), content: { panel: 'traffic', pages: [{ data: 'x' }] } });
    // A valid entry of another location, copied under this one's key.
    backend.contents.set(key('children'), { version: 1, ...nowEntry({ locationId: 11 }) });

    const found = await store.load(ADDRESS, 20);
    expect(Object.keys(found)).toEqual(['figures']);
  });

  it('starts again from an unreadable index, deleting what it no longer names, and stays bounded', async () => {
    const backend = memoryBackend();
    const store = createKioskSnapshotStore({ backend, maxEntries: 2, now: steppingClock() });
    await store.save(nowEntry({ locationId: 1 }));
    await store.save(nowEntry({ locationId: 2 }));
    backend.contents.set('kiosk-snapshot-index', { items: 'garbage' });

    const fresh = createKioskSnapshotStore({ backend, maxEntries: 2, now: steppingClock() });
    expect(await fresh.save(nowEntry({ locationId: 3 }))).toBe('saved');
    expect(await fresh.save(nowEntry({ locationId: 4 }))).toBe('saved');
    expect(await fresh.save(nowEntry({ locationId: 5 }))).toBe('saved');
    expect(storedEntries(backend).map(([key]) => key)).toEqual([
      snapshotKey(ADDRESS, 4, 'now'),
      snapshotKey(ADDRESS, 5, 'now'),
    ]);
  });

  it('keeps concurrent saves consistent: every write is indexed and the bound holds', async () => {
    const backend = memoryBackend();
    const store = createKioskSnapshotStore({ backend, maxEntries: 4, now: steppingClock() });
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((locationId) => store.save(nowEntry({ locationId }))));
    expect(results).toEqual(Array(6).fill('saved'));
    expect(storedEntries(backend)).toHaveLength(4);
    const index = backend.contents.get('kiosk-snapshot-index') as { items: { key: string }[] };
    expect(index.items.map((item) => item.key).sort()).toEqual(
      storedEntries(backend)
        .map(([key]) => key)
        .sort(),
    );
  });

  it('writes each panel once, however often its data is offered again (a screen mounted anew offers it all)', async () => {
    const backend = memoryBackend();
    const set = vi.spyOn(backend, 'set');
    const store = createKioskSnapshotStore({ backend, maxEntries: 2, now: steppingClock() });
    const entryWrites = () => set.mock.calls.filter(([key]) => key.startsWith('kiosk-snapshot:')).length;

    expect(await store.save(nowEntry({ receivedAt: 2_000 }))).toBe('saved');
    // The same data again (the rotation came back to this location), and older data: nothing to write.
    expect(await store.save(nowEntry({ receivedAt: 2_000 }))).toBe('unchanged');
    expect(await store.save(nowEntry({ receivedAt: 1_000 }))).toBe('unchanged');
    expect(entryWrites()).toBe(1);
    expect(await store.save(nowEntry({ receivedAt: 3_000 }))).toBe('saved');
    expect(entryWrites()).toBe(2);
    expect((await store.load(ADDRESS, 20)).now?.receivedAt).toBe(3_000);

    // Evicted (two newer entries of other locations), it is written again when offered again.
    await store.save(nowEntry({ locationId: 11 }));
    await store.save(nowEntry({ locationId: 12 }));
    expect((await store.load(ADDRESS, 20)).now).toBeUndefined();
    expect(await store.save(nowEntry({ receivedAt: 3_000 }))).toBe('saved');
    expect((await store.load(ADDRESS, 20)).now?.receivedAt).toBe(3_000);
  });

  it('writes again what a failing backend did not keep', async () => {
    const backend = memoryBackend();
    const set = vi.spyOn(backend, 'set').mockRejectedValueOnce(new Error('quota'));
    const store = createKioskSnapshotStore({ backend, onBackendError: () => undefined });
    expect(await store.save(nowEntry())).toBe('failed');
    expect(await store.save(nowEntry())).toBe('saved');
    expect((await store.load(ADDRESS, 20)).now?.receivedAt).toBe(nowEntry().receivedAt);
    expect(set).toHaveBeenCalledTimes(3);
  });

  it('holds at most one waiting entry per panel when the backend is slower than the data comes in', async () => {
    // IndexedDB on a loaded machine: a write takes longer than the screen takes to offer newer data. Every entry
    // queued behind a slow write is held in memory until written (the kiosk soak saw the heap grow ~50 kB a cycle).
    const backend = memoryBackend();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const written: number[] = [];
    const slow: SnapshotBackend = {
      ...backend,
      set: async (key, value) => {
        if (key.startsWith('kiosk-snapshot:')) written.push((value as { receivedAt: number }).receivedAt);
        await gate;
        return backend.set(key, value);
      },
    };
    const store = createKioskSnapshotStore({ backend: slow });
    const first = store.save(nowEntry({ receivedAt: 1 }));
    await vi.waitFor(() => expect(written).toEqual([1]));
    // 99 newer snapshots of the same panel while the first write is in flight, and one of another panel.
    const later = Array.from({ length: 99 }, (_, index) => store.save(nowEntry({ receivedAt: index + 2 })));
    const other = store.save(figuresEntry({ receivedAt: 5 }));
    release();

    const results = await Promise.all([first, ...later]);
    expect(await other).toBe('saved');
    expect(written).toEqual([1, 100, 5]);
    expect(results[0]).toBe('saved');
    expect(results.at(-1)).toBe('saved');
    expect(results.slice(1, -1)).toEqual(Array(98).fill('superseded'));
    const found = await store.load(ADDRESS, 20);
    expect(found.now?.receivedAt).toBe(100);
    expect(found.figures?.receivedAt).toBe(5);
  });

  it('is empty and silent when the backend fails, and says so once', async () => {
    const broken: SnapshotBackend = {
      get: () => Promise.reject(new Error('quota')),
      set: () => Promise.reject(new Error('quota')),
      del: () => Promise.reject(new Error('quota')),
      delMany: () => Promise.reject(new Error('quota')),
      keys: () => Promise.reject(new Error('quota')),
    };
    const onBackendError = vi.fn();
    const store = createKioskSnapshotStore({ backend: broken, onBackendError });
    expect(await store.load(ADDRESS, 20)).toEqual({});
    expect(await store.save(nowEntry())).toBe('failed');
    expect(onBackendError).toHaveBeenCalledTimes(1);
  });

  it('works over IndexedDB where there is none (jsdom, Node): empty, never a crash', async () => {
    expect(typeof indexedDB).toBe('undefined');
    const onBackendError = vi.fn();
    const store = createKioskSnapshotStore({ backend: indexedDbBackend('test-db', 'test-store'), onBackendError });
    expect(await store.load(ADDRESS, 20)).toEqual({});
    expect(await store.save(nowEntry())).toBe('failed');
    expect(onBackendError).toHaveBeenCalled();
  });
});
