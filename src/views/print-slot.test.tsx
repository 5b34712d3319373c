// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { firstScreenShown } from '../lib/scheduling/after-first-screen';
import { PrintHeaderSlot } from './print-slot';
import type { PrintedView } from './print-words';

const VIEW: PrintedView = {
  locations: ['Harbor Library'],
  dates: { start: '2026-11-09', end: '2026-11-15' },
  filters: { interval: 'daily', startHour: null, endHour: null, days: null },
  showsInterval: true,
  zones: ['Europe/Berlin'],
  compare: null,
};

describe('PrintHeaderSlot', () => {
  it('renders the print header only while the page is printed, at once when printing begins', async () => {
    const { container } = render(<PrintHeaderSlot title="Harbor Library: Occupancy" view={VIEW} />);
    // The report's module is asked for once the first screen is shown; until the page is printed, nothing is drawn.
    act(() => firstScreenShown());
    await act(async () => {
      await import('./print-report');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(container.querySelector('.print-header')).toBeNull();

    // `beforeprint`: the header is in the page before the handler returns (the browser lays the page out then).
    window.dispatchEvent(new Event('beforeprint'));
    expect(container.querySelector('.print-header')).not.toBeNull();
    expect(screen.getByText('Harbor Library: Occupancy')).toBeTruthy();
    expect(container.querySelector('.print-header')!.textContent).toMatch(/Printed /);

    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(container.querySelector('.print-header')).toBeNull();
  });
});
