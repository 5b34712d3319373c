/**
 * The filter controls of a metric page. Everything applied lives in `filters` (the URL); the bar only keeps
 * in-progress input that cannot be applied yet. Discrete choices push a history entry; typed dates are
 * applied after a pause, replacing it.
 */
import type { JSX } from 'react';

import type { LocationZone } from '../lib/time';
import { INTERVAL_LABELS, type MetricDefinition, type UiInterval } from '../metrics/definitions';
import { DateRangeField } from './date-range-field';
import { HourFields } from './hour-fields';
import type { Filters } from './model';
import { WeekdayToggles } from './weekday-toggles';

export interface FilterBarProps {
  metric: MetricDefinition;
  filters: Filters;
  onChange(next: Filters, options?: { replace?: boolean }): void;
  /** Presets and the date inputs mean calendar dates in the location's zone. */
  zone: LocationZone;
  nowMs: number;
  /** The viewer's locale, for the week's order and day names; `navigator.language` when left out. */
  locale?: string;
  /** The days the server applied while days are unset (the first page's `days_of_week`), when known. */
  appliedDays?: readonly number[];
  /**
   * Whether closed hours and days are cut out of the chart's time axis now (charts/time-axis.ts); left out
   * where there is nothing to cut (daily and coarser views, the table), and then the control is not shown.
   */
  hidesClosed?: boolean;
}

export function FilterBar(props: FilterBarProps): JSX.Element {
  const { metric, filters, onChange, zone, nowMs, locale, appliedDays, hidesClosed } = props;
  const update = (patch: Partial<Filters>, options?: { replace?: boolean }) =>
    onChange({ ...filters, ...patch }, options);

  return (
    <section className="filter-bar" aria-label="Filters">
      <DateRangeField
        range={filters.range}
        zone={zone}
        nowMs={nowMs}
        onChange={(range, options) => update({ range }, options)}
      />
      {/* A view at one interval (the utilization page's hourly figures) has nothing to choose. */}
      {metric.intervals.length > 1 && (
        <IntervalField
          intervals={metric.intervals}
          value={filters.interval}
          onChange={(interval) => update({ interval })}
        />
      )}
      <HourFields
        startHour={filters.startHour}
        endHour={filters.endHour}
        onChange={(startHour, endHour) => update({ startHour, endHour })}
      />
      <WeekdayToggles
        days={filters.days}
        appliedDays={appliedDays}
        locale={locale ?? navigator.language}
        onChange={(days) => update({ days })}
      />
      {hidesClosed !== undefined && (
        <div className="filter-field">
          <label>
            <input
              type="checkbox"
              checked={hidesClosed}
              onChange={(event) => update({ closed: event.target.checked ? 'hide' : 'show' })}
            />{' '}
            Hide closed hours
          </label>
        </div>
      )}
    </section>
  );
}

function IntervalField(props: {
  intervals: readonly UiInterval[];
  value: UiInterval;
  onChange(interval: UiInterval): void;
}) {
  const choose = (value: string) => {
    const interval = props.intervals.find((candidate) => candidate === value);
    if (interval) props.onChange(interval);
  };
  return (
    <div className="filter-field">
      <label>
        Interval
        <select value={props.value} onChange={(event) => choose(event.target.value)}>
          {props.intervals.map((interval) => (
            <option key={interval} value={interval}>
              {INTERVAL_LABELS[interval]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
