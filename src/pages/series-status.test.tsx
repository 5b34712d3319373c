// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { LocationZone } from '../lib/time';
import { SeriesStatus } from './series-status';

/** 15:30 UTC on Wednesday 18 Nov 2026: 10:30 in New York. */
const UPDATED_AT = Date.parse('2026-11-18T15:30:00Z');

function renderStatus(zone: LocationZone) {
  render(
    <SeriesStatus
      query={{ fetchStatus: 'idle', status: 'success', dataUpdatedAt: UPDATED_AT }}
      pagesLoaded={1}
      complete
      estimatedPages={1}
      zone={zone}
      onRefresh={() => undefined}
    />,
  );
}

describe('SeriesStatus: when the data is from', () => {
  it('is shown in the location’s named zone, labelled with it', () => {
    renderStatus({ kind: 'zone', name: 'America/New_York' });
    expect(screen.getByText('Data as of 18 Nov 2026 10:30 (America/New_York)')).toBeTruthy();
  });

  it('is shown at the location’s fixed offset when the server names no zone', () => {
    renderStatus({ kind: 'offset', offsetMinutes: 330 });
    expect(screen.getByText('Data as of 18 Nov 2026 21:00 (UTC+05:30)')).toBeTruthy();
  });
});
