// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { dataUrlToBlob, pagePicture } from '../lib/chart-picture';
import { csvBlob, saveBlob } from './download';

/** The first bytes of every PNG file. */
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_DATA_URL = `data:image/png;base64,${btoa(String.fromCharCode(...PNG_MAGIC, 1, 2, 3))}`;

async function bytesOf(blob: Blob): Promise<number[]> {
  return [...new Uint8Array(await blob.arrayBuffer())];
}

describe('saving a file', () => {
  const created: Blob[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    created.length = 0;
    // jsdom has no object URLs.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return `blob:test/${created.length}`;
    });
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.useRealTimers());

  it('clicks a temporary <a download> at an object URL, removes it, and revokes the URL after', () => {
    const clicks: { href: string; download: string; inDocument: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
    });
    const blob = new Blob(['a,b\r\n'], { type: 'text/csv' });
    saveBlob(blob, 'main-concourse-occupancy-2026-11-11-to-2026-11-17.csv');

    expect(created).toEqual([blob]);
    expect(clicks).toEqual([
      { href: 'blob:test/1', download: 'main-concourse-occupancy-2026-11-11-to-2026-11-17.csv', inDocument: true },
    ]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  });

  it('removes the link and revokes the URL even when the click throws', () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(() => saveBlob(new Blob(['x']), 'x.csv')).toThrow('blocked');
    expect(document.querySelectorAll('a')).toHaveLength(0);
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  });
});

describe('file contents', () => {
  it('CSV is UTF-8 text/csv', async () => {
    const blob = csvBlob({ meta: [], columns: ['name'], rows: [['Café']] });
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(await blob.text()).toBe('name\r\nCafé\r\n');
  });

  it('a chart picture is asked of ECharts as PNG at twice the pixels on the given background', async () => {
    const getDataURL = vi.fn(() => PNG_DATA_URL);
    const blob = await pagePicture(getDataURL).png('#ffffff');
    expect(getDataURL).toHaveBeenCalledWith({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' });
    expect(blob.type).toBe('image/png');
    expect(await bytesOf(blob)).toEqual([...PNG_MAGIC, 1, 2, 3]);
  });

  it('a data URL that is not base64 is refused with a message', () => {
    expect(() => dataUrlToBlob('data:,')).toThrow('The chart did not give a picture.');
    expect(() => dataUrlToBlob('nonsense')).toThrow('The chart did not give a picture.');
  });
});
