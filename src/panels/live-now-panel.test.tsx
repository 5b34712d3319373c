// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { UsualValue } from '../analysis/usual';
import { MINUTE_MS } from '../lib/time-spans';
import type { LiveReading } from '../live/live-reading';
import { LiveNowPanel } from './live-now-panel';

afterEach(cleanup);

const NOW = Date.parse('2026-11-17T15:32:00Z'); // Tuesday 10:32 in New York
const USUAL: UsualValue = { median: 310, low: 280, high: 350, samples: 8 };

function renderPanel(reading: LiveReading | null, usual: UsualValue | null | undefined = USUAL) {
  render(
    <LiveNowPanel
      live={{ reading, pending: false, error: null, open: null }}
      capacity={1_000}
      usual={usual}
      weekday={3}
      hour={10}
      nowMs={NOW}
    />,
  );
  return {
    now: document.querySelector('[data-kpi="occupancy-now"]'),
    usual: document.querySelector('[data-kpi="usual-now"]'),
  };
}

const live = (people: number): LiveReading => ({ people, takenMs: NOW - 2 * MINUTE_MS, source: 'now' });

describe('LiveNowPanel', () => {
  it('says closed and when it opens, with no number, outside the open hours; open with nobody there reads 0', () => {
    render(
      <LiveNowPanel
        live={{ reading: live(0), pending: false, error: null, open: false }}
        capacity={1_000}
        usual={USUAL}
        weekday={3}
        hour={10}
        nowMs={NOW}
        state={{ open: false, opens: { day: 2, hour: 7 } }}
      />,
    );
    const closed = document.querySelector('[data-kpi="occupancy-now"]');
    expect(closed?.getAttribute('data-value')).toBe('');
    expect(closed?.textContent).toMatch(/closed.*opens mon 07:00/i);
    cleanup();
    const { now } = renderPanel(live(0));
    expect(now?.getAttribute('data-value')).toBe('0');
    expect(now?.textContent).not.toMatch(/closed/i);
  });

  it('says busier than usual, with the people, their share and the reading’s age', () => {
    const { now, usual } = renderPanel(live(420));
    expect(now?.getAttribute('data-value')).toBe('420');
    expect(now?.textContent).toContain('42.0 % of 1,000 places');
    expect(now?.textContent).toContain('2 min ago');
    expect(usual?.getAttribute('data-value')).toBe('310');
    expect(usual?.textContent).toMatch(/^Busier than usual for a Tuesday at 10:00: 420 people, usually 310/);
    expect(usual?.textContent).toContain('usually 280–350, the middle half of the last 8 weeks');
  });

  it('names the weeks the band was read from when some of the 8 had no data', () => {
    const { usual } = renderPanel(live(300), { ...USUAL, samples: 7 });
    expect(usual?.textContent).toContain('usually 280–350, the middle half of 7 of the last 8 weeks');
  });

  it('says quieter than usual', () => {
    expect(renderPanel(live(120)).usual?.textContent).toMatch(/^Quieter than usual for a Tuesday at 10:00: 120 people/);
  });

  it('says about as usual inside the band', () => {
    expect(renderPanel(live(300)).usual?.textContent).toMatch(/^About as usual for a Tuesday at 10:00: 300 people/);
  });

  it('says when there is not enough history, with no usual value', () => {
    const { usual } = renderPanel(live(300), null);
    expect(usual?.getAttribute('data-value')).toBe('');
    expect(usual?.textContent).toBe('Not enough history yet to say what is usual for a Tuesday at 10:00');
  });

  it('says where a reading comes from when it is the latest window, not a live count', () => {
    renderPanel({
      people: 37,
      takenMs: Date.parse('2026-11-17T15:15:00Z'),
      source: 'latest-window',
      window: { start: '2026-11-17T10:15:00-05:00', end: '2026-11-17T10:30:00-05:00' },
    });
    expect(screen.getByText(/average of 10:15–10:30, 17 min ago \(this server gives no live count\)/)).toBeTruthy();
  });

  it('says it is reading, then that there is none yet today', () => {
    render(
      <LiveNowPanel
        live={{ reading: null, pending: true, error: null, open: null }}
        capacity={10}
        usual={undefined}
        weekday={3}
        hour={10}
        nowMs={NOW}
      />,
    );
    expect(screen.getByText('Reading…')).toBeTruthy();
    // In the lines the reading will take, so that nothing under the panel moves when it arrives.
    const pending = screen.getByText('Reading…').closest('.live-figure')!;
    expect(pending.querySelector('.live-number')).not.toBeNull();
    expect(screen.getByText('Reading…').className).toBe('reading-age');
    cleanup();
    renderPanel(null);
    expect(screen.getByText('No reading yet today.')).toBeTruthy();
  });
});
