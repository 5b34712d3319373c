import { describe, expect, it } from 'vitest';

import type { MetricResponse } from '../../api/schemas';
import { pngUnavailable } from './chart-words';

const page = (windows: number) => ({ data: Array.from({ length: windows }, () => ({})) }) as unknown as MetricResponse;

describe('pngUnavailable: when the page’s “Download chart as PNG” says why it cannot', () => {
  it('is available once the chart is drawn whole with a window in it', () => {
    expect(pngUnavailable({ chartView: true, loading: false, pages: [page(0), page(3)] })).toBeNull();
  });

  it('waits for the chart', () => {
    expect(pngUnavailable({ chartView: true, loading: true, pages: [page(3)] })).toBe('The chart is still loading.');
    expect(pngUnavailable({ chartView: true, loading: false, pages: undefined })).toBe('The chart is still loading.');
  });

  it('has nothing to draw for an empty range, and no chart in the table view', () => {
    expect(pngUnavailable({ chartView: true, loading: false, pages: [page(0)] })).toBe('There is nothing to draw.');
    expect(pngUnavailable({ chartView: false, loading: false, pages: [page(3)] })).toBe(
      'Switch to the chart to download it.',
    );
  });
});
