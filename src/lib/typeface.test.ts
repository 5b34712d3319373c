// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A FontFace whose load the test settles, and the document's font set it is added to. */
class FakeFace {
  static made: FakeFace[] = [];
  settle!: (ok: boolean) => void;
  private readonly loaded = new Promise<void>((resolve, reject) => {
    this.settle = (ok) => (ok ? resolve() : reject(new Error('offline')));
  });
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: FontFaceDescriptors,
  ) {
    FakeFace.made.push(this);
  }
  load() {
    return this.loaded.then(() => this);
  }
}

const added: FakeFace[] = [];

beforeEach(() => {
  vi.resetModules();
  FakeFace.made = [];
  added.length = 0;
  vi.stubGlobal('FontFace', FakeFace);
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { add: (face: FakeFace) => added.push(face) },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loadTypeface', () => {
  it('adds Inter to the document once it has loaded, not while it loads, and tells who listens', async () => {
    const { loadTypeface, onTypefaceArrived } = await import('./typeface');
    const arrived = vi.fn();
    onTypefaceArrived(arrived);
    loadTypeface();
    loadTypeface();
    expect(FakeFace.made).toHaveLength(1);
    const [face] = FakeFace.made;
    expect(face!.family).toBe('Inter Variable');
    expect(face!.source).toMatch(/^url\(".*inter-latin-wght-normal.*\.woff2"\) format\("woff2"\)$/);
    expect(face!.descriptors).toMatchObject({ weight: '100 900', display: 'swap' });
    await settled();
    // Laid out once: with a face still loading in the document, the page was laid out at its coming and at its load.
    expect(added).toEqual([]);
    expect(arrived).not.toHaveBeenCalled();

    face!.settle(true);
    await settled();
    expect(added).toEqual([face]);
    expect(arrived).toHaveBeenCalledOnce();
  });

  it('asks again after a failed download (offline)', async () => {
    const { loadTypeface } = await import('./typeface');
    loadTypeface();
    FakeFace.made[0]!.settle(false);
    await settled();
    loadTypeface();
    expect(FakeFace.made).toHaveLength(2);
    expect(added).toEqual([]);
  });
});
