/**
 * A month of days to pick a date range from (the date-range popover's calendar): the first click sets one end, the
 * second the other (in either order), and the range between them is shown while the pointer or the focus moves.
 * Dates are calendar dates (YYYY-MM-DD) with no zone: the caller says which day is the last one there is (today, in
 * the location's zone) and the week's first day (the viewer's locale).
 *
 * Keyboard, as the WAI-ARIA date picker's grid: one day is in the tab order; the arrows move a day or a week,
 * Home and End to the week's ends, Page Up and Page Down a month; Enter or Space picks the day (it is a button).
 */
import './range-calendar.css';
import { t } from '@lingui/core/macro';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

import { weekdayName } from '../lib/format';
import { addDays, addMonths, dayCode, formatWall, isoDateToUtcMs, startOfMonth } from '../lib/time';

export interface RangeCalendarProps {
  /** The range shown as chosen, both ends inclusive. */
  start: string;
  end: string;
  /** The last day that can be picked (later days have no data yet). */
  max: string;
  /** The week's first day as the API codes it: 1 = Sunday … 7 = Saturday. */
  firstDay: number;
  onSelect(range: { start: string; end: string }): void;
}

export function RangeCalendar({ start, end, max, firstDay, onSelect }: RangeCalendarProps) {
  const headingId = useId();
  // The day with the keyboard's focus (the one day in the tab order); its month is the month shown.
  const [focused, setFocused] = useState(() => clamp(end, max));
  // The first end of a range being picked; null when none is.
  const [anchor, setAnchor] = useState<string | null>(null);
  // The day under the pointer or the focus while picking: the range it would make is shown.
  const [hovered, setHovered] = useState<string | null>(null);
  const moveFocus = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  // A new range from outside (a preset, typed dates) shows its month and ends any half-picked range.
  const [shownRange, setShownRange] = useState(`${start}/${end}`);
  if (shownRange !== `${start}/${end}`) {
    setShownRange(`${start}/${end}`);
    setFocused(clamp(end, max));
    setAnchor(null);
  }

  useLayoutEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const month = startOfMonth(focused);
  const preview = anchor === null ? { start, end } : ordered(anchor, hovered && hovered <= max ? hovered : anchor);

  const pick = (date: string) => {
    setFocused(date);
    if (anchor === null) {
      setAnchor(date);
      setHovered(date);
      return;
    }
    setAnchor(null);
    onSelect(ordered(anchor, date));
  };

  const go = (date: string, focus: boolean) => {
    moveFocus.current = focus;
    setFocused(clamp(date, max));
    if (anchor !== null) setHovered(clamp(date, max));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const weekStart = addDays(focused, -((dayCode(focused) - firstDay + 7) % 7));
    const target: Record<string, string> = {
      ArrowLeft: addDays(focused, -1),
      ArrowRight: addDays(focused, 1),
      ArrowUp: addDays(focused, -7),
      ArrowDown: addDays(focused, 7),
      Home: weekStart,
      End: addDays(weekStart, 6),
      PageUp: addMonths(focused, -1),
      PageDown: addMonths(focused, 1),
    };
    const next = target[event.key];
    if (next === undefined) return;
    event.preventDefault();
    go(next, true);
  };

  const weeks = monthWeeks(month, firstDay);
  const monthName = formatWall(isoDateToUtcMs(month), 'MMMM yyyy');
  return (
    <div className="range-calendar">
      <div className="range-calendar-head">
        <button
          type="button"
          className="icon-button"
          aria-label={t`Previous month`}
          onClick={() => go(addMonths(focused, -1), false)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h3 id={headingId} aria-live="polite">
          {monthName}
        </h3>
        <button
          type="button"
          className="icon-button"
          aria-label={t`Next month`}
          disabled={startOfMonth(max) <= month}
          onClick={() => go(addMonths(focused, 1), false)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={headingId} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weeks[0]!.map((date) => (
              <th key={date} scope="col" abbr={weekdayName(dayCode(date), 'long')}>
                {weekdayName(dayCode(date)).slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody onPointerLeave={() => setHovered(anchor)}>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const inMonth = startOfMonth(date) === month;
                const chosen = date >= preview.start && date <= preview.end;
                return (
                  <td
                    key={date}
                    // Explicit: a cell of a grid table is a gridcell, which is what may be selected.
                    role="gridcell"
                    aria-selected={inMonth ? chosen : undefined}
                    data-edge={edgeOf(date, preview)}
                    data-range={chosen && inMonth ? '' : undefined}
                  >
                    {inMonth && (
                      <button
                        type="button"
                        data-date={date}
                        tabIndex={date === focused ? 0 : -1}
                        disabled={date > max}
                        aria-label={formatWall(isoDateToUtcMs(date), 'EEEE d MMMM yyyy')}
                        aria-current={date === max ? 'date' : undefined}
                        onClick={() => pick(date)}
                        onPointerEnter={() => anchor !== null && setHovered(date)}
                        onFocus={() => anchor !== null && setHovered(date)}
                      >
                        {Number(date.slice(8))}
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="range-calendar-note" aria-live="polite">
        {anchor === null ? t`Pick the first and last day.` : pickTheOtherEnd(anchor)}
      </p>
    </div>
  );
}

/** What to do once one end is picked: "From 16 Nov 2026: now pick the other end." */
function pickTheOtherEnd(anchor: string): string {
  const from = formatWall(isoDateToUtcMs(anchor), 'd MMM yyyy');
  return t`From ${from}: now pick the other end.`;
}

/** The weeks (rows of 7 dates) that show `month`, each starting on `firstDay`; days of other months fill the edges. */
export function monthWeeks(month: string, firstDay: number): string[][] {
  const first = addDays(month, -((dayCode(month) - firstDay + 7) % 7));
  const next = addMonths(month, 1);
  const weeks: string[][] = [];
  for (let day = first; day < next; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(day, index)));
  }
  return weeks;
}

/** Whether `date` is the first, last or only day of `range`. */
function edgeOf(date: string, range: { start: string; end: string }): 'start' | 'end' | 'both' | undefined {
  if (date === range.start) return date === range.end ? 'both' : 'start';
  return date === range.end ? 'end' : undefined;
}

function ordered(a: string, b: string): { start: string; end: string } {
  return a <= b ? { start: a, end: b } : { start: b, end: a };
}

function clamp(date: string, max: string): string {
  return date > max ? max : date;
}
