/**
 * The filter controls of a location page, compact: the date range and the interval in the toolbar, the hours, days
 * and closed hours behind "More filters", whose chip says what applies ("07:00–20:00 · Mon–Fri"). Everything
 * applied lives in `filters` (the URL); the bar only keeps in-progress input that cannot be applied yet. Discrete
 * choices push a history entry; typed dates are applied after a pause, replacing it.
 */
import './filter-bar.css';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { JSX, ReactNode } from 'react';

import { ChipMenu } from '../components/chip-menu';
import { formatHour } from '../lib/format';
import { weekLocale } from '../lib/language';
import type { LocationZone } from '../lib/time';
import { INTERVAL_LABELS, type MetricDefinition, type UiInterval } from '../metrics/definitions';
import { DateRangeField } from './date-range-field';
import { HourFields } from './hour-fields';
import { describeDays, describeHours, formatEndHour } from './filter-words';
import type { Filters } from './model';
import { WeekdayToggles } from './weekday-toggles';

export interface FilterBarProps {
  metric: MetricDefinition;
  filters: Filters;
  onChange(next: Filters, options?: { replace?: boolean }): void;
  /** Presets and the date inputs mean calendar dates in the location's zone. */
  zone: LocationZone;
  nowMs: number;
  /** The locale of the week's order (lib/language.ts `weekLocale` when left out). */
  locale?: string;
  /** The hours and days the server applied (the first page's echo), when known: the chip says them. */
  applied?: { hours: { start: number; end: number }; days: readonly number[] };
  /** What the "More filters" panel says before its fields (what applies, or what unset means). */
  moreFiltersLead?: ReactNode;
  /**
   * Whether closed hours and days are cut out of the chart's time axis now (charts/time-axis.ts); left out
   * where there is nothing to cut (daily and coarser views, the table), and then the control is not shown.
   */
  hidesClosed?: boolean;
}

export function FilterBar(props: FilterBarProps): JSX.Element {
  const { metric, filters, onChange, zone, nowMs, applied, hidesClosed } = props;
  const locale = props.locale ?? weekLocale();
  const update = (patch: Partial<Filters>, options?: { replace?: boolean }) =>
    onChange({ ...filters, ...patch }, options);

  return (
    <section className="filter-bar" aria-label={t`Filters`}>
      <DateRangeField
        range={filters.range}
        zone={zone}
        nowMs={nowMs}
        locale={locale}
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
      <ChipMenu label={t`More filters`} summary={hoursAndDays(filters, applied, locale)} className="more-filters">
        {props.moreFiltersLead}
        <HourFields
          startHour={filters.startHour}
          endHour={filters.endHour}
          onChange={(startHour, endHour) => update({ startHour, endHour })}
        />
        <WeekdayToggles
          days={filters.days}
          appliedDays={applied?.days}
          locale={locale}
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
              {t`Hide closed hours`}
            </label>
          </div>
        )}
      </ChipMenu>
    </section>
  );
}

/**
 * The hours and days in force, for the chip: what the server applied once known, else what is chosen, unset ones
 * named as the location's ("Operating hours · Mon–Fri").
 */
export function hoursAndDays(filters: Filters, applied: FilterBarProps['applied'], locale?: string): string {
  const { startHour, endHour } = filters;
  const hours = applied
    ? describeHours(applied.hours)
    : startHour !== null && endHour !== null
      ? describeHours({ start: startHour, end: endHour })
      : startHour !== null
        ? fromHour(startHour)
        : endHour !== null
          ? untilHour(endHour)
          : t`Operating hours`;
  const days = applied
    ? describeDays(applied.days, locale)
    : filters.days === null
      ? t`operating days`
      : describeDays(filters.days, locale);
  return `${hours} · ${days}`;
}

/** `from 07:00`. */
function fromHour(hour: number): string {
  const time = formatHour(hour);
  return t`from ${time}`;
}

/** `until 20:00`: the end of an inclusive end hour. */
function untilHour(hour: number): string {
  const time = formatEndHour(hour);
  return t`until ${time}`;
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
        <span className="field-label">{t`Interval`}</span>
        <select value={props.value} onChange={(event) => choose(event.target.value)}>
          {props.intervals.map((interval) => (
            <option key={interval} value={interval}>
              {i18n._(INTERVAL_LABELS[interval])}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
