// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { monthWeeks, RangeCalendar } from './range-calendar';

const SUNDAY = 1;
const MONDAY = 2;

describe('monthWeeks', () => {
  it('covers the month in whole weeks from the first day of the week, the other months’ days at the edges', () => {
    const weeks = monthWeeks('2026-11-01', MONDAY);
    expect(weeks[0]).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
    expect(weeks.at(-1)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weeks).toHaveLength(6);
  });

  it('starts on Sunday for a Sunday-first week; a month starting on that day has no leading days', () => {
    expect(monthWeeks('2026-11-01', SUNDAY)[0]![0]).toBe('2026-11-01');
    expect(monthWeeks('2026-11-01', SUNDAY)).toHaveLength(5);
    // February 2026 starts on a Sunday and has 28 days: four rows exactly.
    expect(monthWeeks('2026-02-01', SUNDAY)).toHaveLength(4);
  });

  it('every week has seven consecutive days and the month’s days appear once each', () => {
    for (const month of ['2026-01-01', '2026-03-01', '2027-02-01', '2028-02-01']) {
      for (const first of [1, 2, 7]) {
        const days = monthWeeks(month, first).flat();
        const inMonth = days.filter((day) => day.startsWith(month.slice(0, 8)));
        expect(new Set(inMonth).size).toBe(inMonth.length);
        expect(inMonth[0]).toBe(month);
        expect(days.length % 7).toBe(0);
      }
    }
  });
});

/** The calendar over a range it owns, as the date-range field uses it: a picked range becomes the range shown. */
function Harness(props: { onSelect?(range: { start: string; end: string }): void }) {
  const [range, setRange] = useState({ start: '2026-11-12', end: '2026-11-18' });
  return (
    <>
      <RangeCalendar
        start={range.start}
        end={range.end}
        max="2026-11-18"
        firstDay={MONDAY}
        onSelect={(picked) => {
          setRange(picked);
          props.onSelect?.(picked);
        }}
      />
      <button type="button" onClick={() => setRange({ start: '2026-10-01', end: '2026-10-31' })}>
        Last month
      </button>
    </>
  );
}

const grid = () => screen.getByRole('grid');
const day = (name: string) => within(grid()).getByRole('button', { name });
const chosenDays = () =>
  within(grid())
    .getAllByRole('gridcell')
    .filter((cell) => cell.getAttribute('aria-selected') === 'true')
    .map((cell) => cell.textContent);

describe('RangeCalendar', () => {
  it('shows the month of the range’s end, the range chosen, today marked, later days and months not offered', () => {
    render(<Harness />);
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeDefined();
    expect(screen.getByRole('grid', { name: 'November 2026' })).toBeDefined();
    expect(chosenDays()).toEqual(['12', '13', '14', '15', '16', '17', '18']);
    expect(day('Wednesday 18 November 2026').getAttribute('aria-current')).toBe('date');
    expect(day('Thursday 19 November 2026')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);
    // One day in the tab order: the range's end.
    const tabbable = within(grid())
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0);
    expect(tabbable.map((button) => button.textContent)).toEqual(['18']);
  });

  it('picks a range with two clicks, showing the range in between before the second', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    await user.click(day('Tuesday 10 November 2026'));
    expect(onSelect).not.toHaveBeenCalled();
    expect(chosenDays()).toEqual(['10']);
    expect(screen.getByText(/now pick the other end/)).toBeDefined();

    await user.hover(day('Thursday 5 November 2026'));
    expect(chosenDays()).toEqual(['5', '6', '7', '8', '9', '10']);
    await user.click(day('Thursday 5 November 2026'));
    expect(onSelect).toHaveBeenCalledWith({ start: '2026-11-05', end: '2026-11-10' });
    expect(chosenDays()).toEqual(['5', '6', '7', '8', '9', '10']);
  });

  it('the same day twice is a range of one day', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    await user.click(day('Monday 2 November 2026'));
    await user.click(day('Monday 2 November 2026'));
    expect(onSelect).toHaveBeenCalledWith({ start: '2026-11-02', end: '2026-11-02' });
  });

  it('moves by keyboard: a day, a week, the week’s ends, a month; Enter picks; never past the last day', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    day('Wednesday 18 November 2026').focus();

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Wednesday 18 November 2026');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Wednesday 11 November 2026');
    await user.keyboard('{Home}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Monday 9 November 2026');
    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Sunday 15 November 2026');
    await user.keyboard('{Enter}');

    await user.keyboard('{PageUp}');
    expect(screen.getByRole('heading', { name: 'October 2026' })).toBeDefined();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Thursday 15 October 2026');
    // The range in progress follows the focus.
    expect(chosenDays()).toContain('31');
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(onSelect).toHaveBeenCalledWith({ start: '2026-10-14', end: '2026-11-15' });
  });

  it('the month buttons show another month; a new range from outside shows its month and drops a half-picked one', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    await user.click(day('Friday 6 November 2026'));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'October 2026' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', false);

    await user.click(screen.getByRole('button', { name: 'Last month' }));
    expect(screen.getByRole('heading', { name: 'October 2026' })).toBeDefined();
    expect(chosenDays()).toHaveLength(31);
    expect(screen.getByText('Pick the first and last day.')).toBeDefined();
    await user.click(day('Monday 5 October 2026'));
    expect(onSelect).not.toHaveBeenCalled();
  });
});
