/**
 * The filter model: what a metric page is filtered by, how it lives in the URL, and what it sends to the API. Here
 * the model and URL → filters; filters → URL in filter-url.ts, → API request in filter-request.ts, the editing
 * rules in filter-rules.ts, the filters in words in filter-words.ts.
 *
 * The URL is the only filter state. Its parameters are short and readable:
 *
 *   range=<preset>         today | yesterday | 7d | 30d | 90d | this-month | last-month | ytd | 12m
 *                          (a rolling range, resolved in the LOCATION's time zone when a request is made)
 *   from=YYYY-MM-DD        a custom range, both ends inclusive; needs both from and to, from on or before to.
 *   to=YYYY-MM-DD          A valid from/to wins over range.
 *   interval=<interval>    15min | 30min | 60min | daily | weekly | monthly (hourly = 60min), as the metric allows
 *   hours=7-19             start and end hour, 0..23, end inclusive (7-19 is 07:00–20:00);
 *                          hours=7- (from 07:00) and hours=-19 (until 20:00) set one end only
 *   days=23456             day codes of the API: 1 = Sunday … 7 = Saturday, any order
 *   view=table             the table instead of the chart
 *   closed=hide|show       on sub-daily charts, cut the closed hours and days out of the time axis (hide) or draw
 *                          them as empty width (show); left out: hidden for a location whose record has
 *                          operating hours, shown otherwise (charts/time-axis.ts)
 *
 * Left out means the default: the page's default range and interval, the location's operating hours and days,
 * the chart. Parsing never throws: a value that cannot be used is replaced by its default and reported in
 * `ignored` (one sentence each, for the user). Unknown parameters (utm_…) are left alone and not reported.
 * When a parameter is repeated, the first one wins.
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

import { hourSchema, daysFilterSchema } from '../api/schemas';
import type { ClosedTime } from '../lib/closed-time';
import { RANGE_PRESETS, type RangePreset } from '../lib/range-presets';
import { quoteValue, repeatedParam } from '../lib/search-params';
import { lowerFirst } from '../lib/format';
import { ignoredLanguage } from '../lib/language';
import { formatDateRange } from '../lib/time';
import { INTERVAL_LABELS, UI_INTERVALS, type MetricDefinition, type UiInterval } from '../metrics/definitions';
import { isIsoDate, normalizeDays, validateHours } from './filter-rules';

// ---------------------------------------------------------------------------------------------------
// Types

// The presets are the URL's vocabulary, and config.json's `defaultRange` too: defined where both can read them.
export { RANGE_PRESETS, type RangePreset } from '../lib/range-presets';

const RANGE_PRESET_LABELS: Record<RangePreset, MessageDescriptor> = {
  today: msg`Today`,
  yesterday: msg`Yesterday`,
  '7d': msg`Last 7 days`,
  '30d': msg`Last 30 days`,
  '90d': msg`Last 90 days`,
  'this-month': msg`This month`,
  'last-month': msg`Last month`,
  ytd: msg`Year to date`,
  '12m': msg`Last 12 months`,
};

/** What a preset is called, in the language in force: "Last 7 days". */
export function rangePresetLabel(preset: RangePreset): string {
  return i18n._(RANGE_PRESET_LABELS[preset]);
}

/**
 * The period a view's figures cover, in words for a heading: a preset as it is called ("last 7 days"), a custom
 * range as its dates ("3 Nov – 9 Nov 2026").
 */
export function periodWords(range: RangeChoice): string {
  if (range.kind === 'preset') return lowerFirst(rangePresetLabel(range.preset));
  return formatDateRange(range.from, range.to);
}

/**
 * The range a view is asked for: a preset is rolling (resolved when used: `resolveRange`); a custom range is fixed.
 * Dates are YYYY-MM-DD, inclusive.
 */
export type RangeChoice = { kind: 'preset'; preset: RangePreset } | { kind: 'custom'; from: string; to: string };

export type View = 'chart' | 'table';

export interface Filters {
  range: RangeChoice;
  interval: UiInterval;
  /** 0..23; null = unset (the location's operating hours). */
  startHour: number | null;
  /** 0..23, inclusive; null = unset. */
  endHour: number | null;
  /** Sorted unique day codes 1..7 (1 = Sunday), never empty; null = unset (the location's operating days). */
  days: number[] | null;
  view: View;
  /** Closed hours and days on sub-daily charts; left out (undefined) = the default for the location. */
  closed?: ClosedTime;
}

/** Whether hours or days are asked for (else the server applies the location's own, and echoes them). */
export function isFiltered(filters: Pick<Filters, 'startHour' | 'endHour' | 'days'>): boolean {
  return filters.startHour !== null || filters.endHour !== null || filters.days !== null;
}

export interface FilterDefaults {
  range: RangeChoice;
  interval: UiInterval;
}

export interface ParsedFilters {
  filters: Filters;
  /** One sentence per parameter that could not be used, e.g. `interval “15min” is not available for Traffic; showing Daily`. */
  ignored: string[];
}

/** The URL parameters the filters own; every other parameter is someone else's and is kept as it is. */
export const FILTER_PARAMS = ['range', 'from', 'to', 'interval', 'hours', 'days', 'view', 'closed'] as const;

export function isRangePreset(value: string): value is RangePreset {
  return (RANGE_PRESETS as readonly string[]).includes(value);
}

function isUiInterval(value: string): value is UiInterval {
  return (UI_INTERVALS as readonly string[]).includes(value);
}

/** The interval a page falls back to: the page default when the metric allows it, else the metric's own. */
export function defaultIntervalFor(metric: MetricDefinition, defaults: FilterDefaults): UiInterval {
  return metric.intervals.includes(defaults.interval) ? defaults.interval : metric.defaultInterval;
}

export function sameRange(a: RangeChoice, b: RangeChoice): boolean {
  if (a.kind === 'preset') return b.kind === 'preset' && a.preset === b.preset;
  return b.kind === 'custom' && a.from === b.from && a.to === b.to;
}

export function rangeLabel(range: RangeChoice): string {
  return range.kind === 'preset' ? rangePresetLabel(range.preset) : `${range.from} – ${range.to}`;
}

// ---------------------------------------------------------------------------------------------------
// URL → filters

type Field<T> = { value: T; ignored?: string };

const HOURS_PATTERN = /^(\d+)?-(\d+)?$/;

export function parseFilters(
  search: string | URLSearchParams,
  metric: MetricDefinition,
  defaults: FilterDefaults,
): ParsedFilters {
  const params = new URLSearchParams(search);
  const read = (name: string): string | null => params.get(name);

  const range = parseRange(read('range'), read('from'), read('to'), defaults.range);
  const interval = parseInterval(read('interval'), metric, defaults);
  const hours = parseHours(read('hours'));
  const days = parseDays(read('days'));
  const view = parseView(read('view'));
  const closed = parseClosed(read('closed'));

  const fields = [range, interval, hours, days, view, closed];
  return {
    filters: {
      range: range.value,
      interval: interval.value,
      startHour: hours.value.start,
      endHour: hours.value.end,
      days: days.value,
      view: view.value,
      // Only when given, so that filters without it compare equal to those of a URL without it.
      ...(closed.value === undefined ? {} : { closed: closed.value }),
    },
    ignored: [
      ...fields.flatMap((field) => (field.ignored === undefined ? [] : [field.ignored])),
      ...FILTER_PARAMS.flatMap((name) => repeatedParam(params, name) ?? []),
      // Not a filter, but a page's own address says it: a language the app does not speak (lib/language.ts).
      ...(ignoredLanguage(params) ?? []),
    ],
  };
}

/** A custom range wins when valid; else the preset; else the default. Problems with either are reported together. */
function parseRange(
  preset: string | null,
  from: string | null,
  to: string | null,
  fallback: RangeChoice,
): Field<RangeChoice> {
  const custom = from === null && to === null ? undefined : parseCustomRange(from, to);
  if (custom?.ok) {
    const quoted = quote(preset);
    const ignored = preset === null ? undefined : t`range ${quoted} is ignored because from and to are given`;
    return { value: custom.value, ignored };
  }
  const named = preset === null ? undefined : parsePreset(preset);
  const value = named?.ok ? named.value : fallback;
  const problems = [custom, named].flatMap((attempt) => (attempt && !attempt.ok ? [attempt.problem] : []));
  if (problems.length === 0) return { value };
  const [list, shown] = [problems.join('; '), rangeLabel(value)];
  return { value, ignored: t`${list}; showing ${shown}` };
}

type Attempt<T> = { ok: true; value: T } | { ok: false; problem: string };

function parseCustomRange(from: string | null, to: string | null): Attempt<RangeChoice> {
  const problem = (text: string): Attempt<RangeChoice> => ({ ok: false, problem: text });
  const [quotedFrom, quotedTo] = [quote(from), quote(to)];
  if (from === null) return problem(t`to ${quotedTo} needs a from date`);
  if (to === null) return problem(t`from ${quotedFrom} needs a to date`);
  if (!isIsoDate(from)) return problem(t`from ${quotedFrom} is not a date (YYYY-MM-DD)`);
  if (!isIsoDate(to)) return problem(t`to ${quotedTo} is not a date (YYYY-MM-DD)`);
  if (from > to) return problem(t`from ${quotedFrom} is after to ${quotedTo}`);
  return { ok: true, value: { kind: 'custom', from, to } };
}

function parsePreset(preset: string): Attempt<RangeChoice> {
  if (isRangePreset(preset)) return { ok: true, value: { kind: 'preset', preset } };
  const quoted = quote(preset);
  return { ok: false, problem: t`range ${quoted} is not a known range` };
}

function parseInterval(raw: string | null, metric: MetricDefinition, defaults: FilterDefaults): Field<UiInterval> {
  const fallback = defaultIntervalFor(metric, defaults);
  if (raw === null) return { value: fallback };
  const interval = raw === 'hourly' ? '60min' : raw;
  const [quoted, shown] = [quote(raw), i18n._(INTERVAL_LABELS[fallback])];
  if (!isUiInterval(interval))
    return { value: fallback, ignored: t`interval ${quoted} is not known; showing ${shown}` };
  if (!metric.intervals.includes(interval)) {
    const name = i18n._(metric.label);
    return { value: fallback, ignored: t`interval ${quoted} is not available for ${name}; showing ${shown}` };
  }
  return { value: interval };
}

export type HourPair = { start: number | null; end: number | null };

function parseHours(raw: string | null): Field<HourPair> {
  const unset: HourPair = { start: null, end: null };
  if (raw === null) return { value: unset };
  const quoted = quote(raw);
  const ignore = (ignored: string): Field<HourPair> => ({ value: unset, ignored });

  const match = HOURS_PATTERN.exec(raw);
  if (!match || (match[1] === undefined && match[2] === undefined)) {
    return ignore(t`hours ${quoted} is not understood (e.g. 7-19); showing operating hours`);
  }
  const start = parseHour(match[1]);
  const end = parseHour(match[2]);
  if (start === undefined || end === undefined) {
    return ignore(t`hours ${quoted} is out of range (hours are 0 to 23); showing operating hours`);
  }
  if (validateHours(start, end) !== null)
    return ignore(t`hours ${quoted} starts after it ends; showing operating hours`);
  return { value: { start, end } };
}

/** null when absent, undefined when not an hour. */
function parseHour(digits: string | undefined): number | null | undefined {
  if (digits === undefined) return null;
  const parsed = hourSchema.safeParse(digits);
  return parsed.success ? parsed.data : undefined;
}

function parseDays(raw: string | null): Field<number[] | null> {
  if (raw === null) return { value: null };
  const parsed = daysFilterSchema.safeParse(raw);
  if (!parsed.success) {
    const quoted = quote(raw);
    return {
      value: null,
      ignored: t`days ${quoted} is not understood (digits 1–7, 1 = Sunday, e.g. 23456); showing operating days`,
    };
  }
  return { value: normalizeDays([...parsed.data].map(Number)) };
}

function parseView(raw: string | null): Field<View> {
  if (raw === null || raw === 'chart' || raw === 'table') return { value: raw ?? 'chart' };
  const quoted = quote(raw);
  return { value: 'chart', ignored: t`view ${quoted} is not known; showing the chart` };
}

function parseClosed(raw: string | null): Field<ClosedTime | undefined> {
  if (raw === null || raw === 'show' || raw === 'hide') return { value: raw ?? undefined };
  const quoted = quote(raw);
  return { value: undefined, ignored: t`closed ${quoted} is not known (hide or show); using the default` };
}

/** A value quoted for a message (lib/search-params.ts), a missing one as empty quotes. */
function quote(value: string | null): string {
  return quoteValue(value ?? '');
}
