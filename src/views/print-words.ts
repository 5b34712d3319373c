/**
 * A view in words for its printed report (views/print-report.tsx): what a reader of the paper needs to know which
 * view it is, since the controls that say it on screen are not printed. Pure but for the language in force.
 */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';

import type { ComparisonMode, DateSpan } from '../analysis/periods';
import { compareLabel } from '../filters/compare';
import { describeDays, describeHours } from '../filters/filter-words';
import type { Filters } from '../filters/model';
import { formatDateRange } from '../lib/time';
import { INTERVAL_LABELS } from '../metrics/definitions';

export interface PrintedView {
  /** The location or locations shown (a portfolio: "All locations"). */
  locations: readonly string[];
  /** The dates shown, when one range holds for every location; else each location's. */
  dates: DateSpan | readonly { location: string; dates: DateSpan }[] | null;
  filters: Pick<Filters, 'interval' | 'startHour' | 'endHour' | 'days'>;
  /** Whether the interval is a choice of the view (not the utilization view's fixed hour). */
  showsInterval: boolean;
  /** The zone or zones the times are in, in words. */
  zones: readonly string[];
  compare: { mode: ComparisonMode; dates: DateSpan | null } | null;
}

/** One line per fact: "Location: …", "Dates: …", "Filters: …", "Times in: …", "Compared with: …". */
export function printWords(view: PrintedView): string[] {
  const lines: string[] = [];
  const names = view.locations.join(', ');
  lines.push(view.locations.length > 1 ? t`Locations: ${names}` : t`Location: ${names}`);
  const one = view.dates && ('start' in view.dates ? view.dates : sameDates(view.dates));
  if (one) {
    const dates = formatDateRange(one.start, one.end);
    lines.push(t`Dates: ${dates}`);
  } else if (view.dates && !('start' in view.dates)) {
    const each = view.dates.map(({ location, dates }) => `${location} ${formatDateRange(dates.start, dates.end)}`);
    const joined = each.join('; ');
    lines.push(t`Dates: ${joined}`);
  }
  const { startHour, endHour, days, interval } = view.filters;
  const hours =
    startHour === null && endHour === null
      ? t`each location’s own hours`
      : describeHours({ start: startHour ?? 0, end: endHour ?? 23 });
  const dayWords = days === null ? t`each location’s own days` : describeDays(days);
  const filters = view.showsInterval
    ? `${i18n._(INTERVAL_LABELS[interval])}, ${hours}, ${dayWords}`
    : `${hours}, ${dayWords}`;
  lines.push(t`Filters: ${filters}`);
  if (view.zones.length > 0) {
    const zones = [...new Set(view.zones)].join(', ');
    lines.push(t`Times in: ${zones}`);
  }
  if (view.compare) {
    const label = compareLabel(view.compare.mode);
    const compared = view.compare.dates
      ? `${label} (${formatDateRange(view.compare.dates.start, view.compare.dates.end)})`
      : label;
    lines.push(t`Compared with: ${compared}`);
  } else lines.push(t`Compared with: nothing`);
  return lines;
}

/** The dates every location shares, or null when they differ (a rolling range over several zones). */
function sameDates(each: readonly { dates: DateSpan }[]): DateSpan | null {
  const first = each[0]?.dates;
  return first && each.every(({ dates }) => dates.start === first.start && dates.end === first.end) ? first : null;
}
