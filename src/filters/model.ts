/**
 * The filter model: what a metric page is filtered by, how it lives in the URL, and what it sends to the API.
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
import type { DateSpan } from '../analysis/periods';
import { hourSchema, daysFilterSchema, isoDateSchema } from '../api/schemas';
import type { ClosedTime } from '../lib/closed-time';
import { formatHour, weekdayName } from '../lib/format';
import { RANGE_PRESETS, type RangePreset } from '../lib/range-presets';
import { quoteValue, repeatedParam } from '../lib/search-params';
import { addDays, addMonths, formatDateRange, startOfMonth, todayIn, type LocationZone } from '../lib/time';
import { INTERVAL_LABELS, UI_INTERVALS, type MetricDefinition, type UiInterval } from '../metrics/definitions';

// ---------------------------------------------------------------------------------------------------
// Types

// The presets are the URL's vocabulary, and config.json's `defaultRange` too: defined where both can read them.
export { RANGE_PRESETS, type RangePreset } from '../lib/range-presets';

export const RANGE_PRESET_LABELS: Record<RangePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  'this-month': 'This month',
  'last-month': 'Last month',
  ytd: 'Year to date',
  '12m': 'Last 12 months',
};

/**
 * The period a view's figures cover, in words for a heading: a preset as it is called ("last 7 days"), a custom
 * range as its dates ("3 Nov – 9 Nov 2026").
 */
export function periodWords(range: RangeChoice): string {
  if (range.kind === 'preset') return RANGE_PRESET_LABELS[range.preset].toLowerCase();
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

/** Day codes of the API, 1 = Sunday … 7 = Saturday. */
const ALL_DAYS: readonly number[] = [1, 2, 3, 4, 5, 6, 7];

export function isRangePreset(value: string): value is RangePreset {
  return (RANGE_PRESETS as readonly string[]).includes(value);
}

function isUiInterval(value: string): value is UiInterval {
  return (UI_INTERVALS as readonly string[]).includes(value);
}

/** The interval a page falls back to: the page default when the metric allows it, else the metric's own. */
function defaultIntervalFor(metric: MetricDefinition, defaults: FilterDefaults): UiInterval {
  return metric.intervals.includes(defaults.interval) ? defaults.interval : metric.defaultInterval;
}

function sameRange(a: RangeChoice, b: RangeChoice): boolean {
  if (a.kind === 'preset') return b.kind === 'preset' && a.preset === b.preset;
  return b.kind === 'custom' && a.from === b.from && a.to === b.to;
}

function rangeLabel(range: RangeChoice): string {
  return range.kind === 'preset' ? RANGE_PRESET_LABELS[range.preset] : `${range.from} – ${range.to}`;
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
    const ignored = preset === null ? undefined : `range ${quote(preset)} is ignored because from and to are given`;
    return { value: custom.value, ignored };
  }
  const named = preset === null ? undefined : parsePreset(preset);
  const value = named?.ok ? named.value : fallback;
  const problems = [custom, named].flatMap((attempt) => (attempt && !attempt.ok ? [attempt.problem] : []));
  if (problems.length === 0) return { value };
  return { value, ignored: `${problems.join('; ')}; showing ${rangeLabel(value)}` };
}

type Attempt<T> = { ok: true; value: T } | { ok: false; problem: string };

function parseCustomRange(from: string | null, to: string | null): Attempt<RangeChoice> {
  const problem = (text: string): Attempt<RangeChoice> => ({ ok: false, problem: text });
  if (from === null) return problem(`to ${quote(to)} needs a from date`);
  if (to === null) return problem(`from ${quote(from)} needs a to date`);
  if (!isIsoDate(from)) return problem(`from ${quote(from)} is not a date (YYYY-MM-DD)`);
  if (!isIsoDate(to)) return problem(`to ${quote(to)} is not a date (YYYY-MM-DD)`);
  if (from > to) return problem(`from ${quote(from)} is after to ${quote(to)}`);
  return { ok: true, value: { kind: 'custom', from, to } };
}

function parsePreset(preset: string): Attempt<RangeChoice> {
  if (isRangePreset(preset)) return { ok: true, value: { kind: 'preset', preset } };
  return { ok: false, problem: `range ${quote(preset)} is not a known range` };
}

function isIsoDate(value: string): boolean {
  return isoDateSchema.safeParse(value).success;
}

function parseInterval(raw: string | null, metric: MetricDefinition, defaults: FilterDefaults): Field<UiInterval> {
  const fallback = defaultIntervalFor(metric, defaults);
  if (raw === null) return { value: fallback };
  const interval = raw === 'hourly' ? '60min' : raw;
  const showing = `showing ${INTERVAL_LABELS[fallback]}`;
  if (!isUiInterval(interval)) return { value: fallback, ignored: `interval ${quote(raw)} is not known; ${showing}` };
  if (!metric.intervals.includes(interval)) {
    return { value: fallback, ignored: `interval ${quote(raw)} is not available for ${metric.label}; ${showing}` };
  }
  return { value: interval };
}

type HourPair = { start: number | null; end: number | null };

function parseHours(raw: string | null): Field<HourPair> {
  const unset: HourPair = { start: null, end: null };
  if (raw === null) return { value: unset };
  const ignore = (why: string): Field<HourPair> => ({
    value: unset,
    ignored: `hours ${quote(raw)} ${why}; showing operating hours`,
  });

  const match = HOURS_PATTERN.exec(raw);
  if (!match || (match[1] === undefined && match[2] === undefined)) return ignore('is not understood (e.g. 7-19)');
  const start = parseHour(match[1]);
  const end = parseHour(match[2]);
  if (start === undefined || end === undefined) return ignore('is out of range (hours are 0 to 23)');
  if (validateHours(start, end) !== null) return ignore('starts after it ends');
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
    return {
      value: null,
      ignored: `days ${quote(raw)} is not understood (digits 1–7, 1 = Sunday, e.g. 23456); showing operating days`,
    };
  }
  return { value: normalizeDays([...parsed.data].map(Number)) };
}

function parseView(raw: string | null): Field<View> {
  if (raw === null || raw === 'chart' || raw === 'table') return { value: raw ?? 'chart' };
  return { value: 'chart', ignored: `view ${quote(raw)} is not known; showing the chart` };
}

function parseClosed(raw: string | null): Field<ClosedTime | undefined> {
  if (raw === null || raw === 'show' || raw === 'hide') return { value: raw ?? undefined };
  return { value: undefined, ignored: `closed ${quote(raw)} is not known (hide or show); using the default` };
}

/** A value quoted for a message (lib/search-params.ts), a missing one as empty quotes. */
function quote(value: string | null): string {
  return quoteValue(value ?? '');
}

function normalizeDays(days: readonly number[]): number[] {
  return [...new Set(days)].sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------------
// Filters → URL

/**
 * The URL parameters for `filters`. Ordinary URLs leave out what equals the default (range, interval, the
 * chart view) so they stay short; `explicit: true` writes range and interval even then, so the link means
 * the same thing if the defaults change.
 */
export function serializeFilters(
  filters: Filters,
  metric: MetricDefinition,
  defaults: FilterDefaults,
  options: { explicit?: boolean } = {},
): URLSearchParams {
  const explicit = options.explicit ?? false;
  const params = new URLSearchParams();
  if (explicit || !sameRange(filters.range, defaults.range)) {
    if (filters.range.kind === 'preset') params.set('range', filters.range.preset);
    else {
      params.set('from', filters.range.from);
      params.set('to', filters.range.to);
    }
  }
  if (explicit || filters.interval !== defaultIntervalFor(metric, defaults)) params.set('interval', filters.interval);
  if (filters.startHour !== null || filters.endHour !== null) {
    params.set('hours', `${filters.startHour ?? ''}-${filters.endHour ?? ''}`);
  }
  if (filters.days !== null) params.set('days', filters.days.join(''));
  if (filters.view === 'table') params.set('view', 'table');
  if (filters.closed !== undefined) params.set('closed', filters.closed);
  return params;
}

/** `current` with its filter parameters replaced by `filterParams`; every other parameter is kept. */
export function withFilterParams(current: URLSearchParams, filterParams: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(filterParams);
  const owned: readonly string[] = FILTER_PARAMS;
  for (const [name, value] of current) if (!owned.includes(name)) next.append(name, value);
  return next;
}

/**
 * The "copy link" payload: every filter written out, so the link shows the same thing to someone whose
 * defaults differ. A preset stays rolling unless `pin` (then the dates it means now); unset hours and days
 * become what the server applied (`applied`, its echo), when known; the view only when it is the table.
 */
export function copyLinkParams(
  filters: Filters,
  metric: MetricDefinition,
  defaults: FilterDefaults,
  options: {
    pin: boolean;
    zone: LocationZone;
    nowMs: number;
    applied?: { hours: { start: number; end: number }; days: number[] };
  },
): URLSearchParams {
  const { pin, zone, nowMs, applied } = options;
  const range = pin ? pinRange(filters.range, zone, nowMs) : filters.range;
  const hours = linkHours(filters, applied?.hours);
  const days = filters.days ?? (applied && applied.days.length > 0 ? normalizeDays(applied.days) : null);
  const linked: Filters = { ...filters, range, startHour: hours.start, endHour: hours.end, days };
  return serializeFilters(linked, metric, defaults, { explicit: true });
}

function pinRange(range: RangeChoice, zone: LocationZone, nowMs: number): RangeChoice {
  const { start, end } = resolveRange(range, zone, nowMs);
  return { kind: 'custom', from: start, to: end };
}

/** The filter's hours, each unset end taken from the server's echo (whose end may be 24, meaning midnight). */
function linkHours(filters: Filters, applied: { start: number; end: number } | undefined): HourPair {
  const own: HourPair = { start: filters.startHour, end: filters.endHour };
  if (!applied) return own;
  const merged: HourPair = {
    start: own.start ?? clampHour(applied.start),
    end: own.end ?? clampHour(applied.end),
  };
  return validateHours(merged.start, merged.end) === null ? merged : own;
}

function clampHour(hour: number): number {
  return Math.min(23, Math.max(0, Math.trunc(hour)));
}

// ---------------------------------------------------------------------------------------------------
// Filters → API request

/**
 * The dates a range means at `nowMs`, in the location's zone. Calendar arithmetic on local dates, so a DST
 * change inside the range changes nothing: '7d' is always seven calendar days.
 */
export function resolveRange(range: RangeChoice, zone: LocationZone, nowMs: number): DateSpan {
  if (range.kind === 'custom') return { start: range.from, end: range.to };
  return PRESET_RESOLVERS[range.preset](todayIn(zone, nowMs));
}

const lastDays =
  (count: number) =>
  (today: string): DateSpan => ({ start: addDays(today, 1 - count), end: today });

const PRESET_RESOLVERS: Record<RangePreset, (today: string) => DateSpan> = {
  today: lastDays(1),
  yesterday: (today) => ({ start: addDays(today, -1), end: addDays(today, -1) }),
  '7d': lastDays(7),
  '30d': lastDays(30),
  '90d': lastDays(90),
  'this-month': (today) => ({ start: startOfMonth(today), end: today }),
  'last-month': (today) => ({ start: startOfMonth(addMonths(today, -1)), end: addDays(startOfMonth(today), -1) }),
  ytd: (today) => ({ start: `${today.slice(0, 4)}-01-01`, end: today }),
  '12m': (today) => ({ start: addDays(addMonths(today, -12), 1), end: today }),
};

export interface MetricRequest {
  start_date: string;
  end_date: string;
  interval: UiInterval;
  start_hour_filter?: number;
  end_hour_filter?: number;
  days_filter?: string;
}

/** The query for the API: resolved dates, and only the filters that are set. */
export function toMetricRequest(filters: Filters, zone: LocationZone, nowMs: number): MetricRequest {
  const { start, end } = resolveRange(filters.range, zone, nowMs);
  const request: MetricRequest = { start_date: start, end_date: end, interval: filters.interval };
  if (filters.startHour !== null) request.start_hour_filter = filters.startHour;
  if (filters.endHour !== null) request.end_hour_filter = filters.endHour;
  if (filters.days !== null) request.days_filter = normalizeDays(filters.days).join('');
  return request;
}

// ---------------------------------------------------------------------------------------------------
// Editing rules, shared by the URL parser and the controls

/** Why an hour pair cannot be applied, or null. */
export function validateHours(startHour: number | null, endHour: number | null): string | null {
  if (startHour !== null && endHour !== null && startHour > endHour) {
    return `The start hour (${formatHour(startHour)}) must be at or before the end hour (${formatHour(endHour)})`;
  }
  return null;
}

/** Why a custom range typed by the user cannot be applied, or null. */
export function validateCustomRange(from: string, to: string): string | null {
  if (!isIsoDate(from)) return 'Enter a From date';
  if (!isIsoDate(to)) return 'Enter a To date';
  if (from > to) return 'From must be on or before To';
  return null;
}

/**
 * The explicit day set after pressing `code`. Unset days mean "every operating day", so a press while unset
 * starts from the days the server applied (`appliedDays`, its echo of the operating days) and toggles the
 * pressed one: at a Mon–Fri location, Fri leaves Friday out and Sun adds Sunday, and no closed day is added
 * unasked. Until the echo is known (or when it lists no day), it starts from all seven. May return an empty
 * set: callers refuse it.
 */
export function toggleDay(days: readonly number[] | null, code: number, appliedDays?: readonly number[]): number[] {
  const current = days ?? (appliedDays && appliedDays.length > 0 ? normalizeDays(appliedDays) : ALL_DAYS);
  return current.includes(code) ? current.filter((day) => day !== code) : normalizeDays([...current, code]);
}

// ---------------------------------------------------------------------------------------------------
// Descriptions

/** The end of an inclusive end hour: 19 → `20:00`, 23 (or the echo 24) → `24:00`. */
export function formatEndHour(endHour: number): string {
  return formatHour(Math.min(endHour + 1, 24));
}

/** An applied hour range, end inclusive: {7, 19} → `07:00–20:00`; {0, 23} → `00:00–24:00`. */
export function describeHours(range: { start: number; end: number }): string {
  const end = range.end >= 24 ? formatHour(24) : formatEndHour(range.end);
  return `${formatHour(range.start)}–${end}`;
}

/**
 * [2,3,4,5,6] → `Mon–Fri`; [1,7] → `Sat, Sun` (a Monday-first week) or `Sun, Sat` (en-US). The names are English
 * whatever the locale (lib/format.ts); the locale orders the week. All seven → `every day`.
 */
export function describeDays(days: readonly number[], locale?: string): string {
  const chosen = new Set(days);
  if (ALL_DAYS.every((day) => chosen.has(day))) return 'every day';
  if (chosen.size === 0) return 'no days';
  return consecutiveRuns(weekdayOrder(locale ?? defaultLocale()), chosen)
    .map((run) => describeRun(run))
    .join(', ');
}

/** The chosen days of `order` grouped into runs of neighbours: [2,3,4,7] → [[2,3,4],[7]]. */
function consecutiveRuns(order: readonly number[], chosen: ReadonlySet<number>): number[][] {
  const runs: number[][] = [];
  let previousChosen = false;
  for (const day of order) {
    const isChosen = chosen.has(day);
    if (isChosen && previousChosen) runs[runs.length - 1]!.push(day);
    else if (isChosen) runs.push([day]);
    previousChosen = isChosen;
  }
  return runs;
}

function describeRun(run: readonly number[]): string {
  const names = run.map((day) => weekdayName(day));
  return names.length > 2 ? `${names[0]}–${names[names.length - 1]}` : names.join(', ');
}

function defaultLocale(): string {
  return new Intl.DateTimeFormat().resolvedOptions().locale;
}

/** Day codes in the week order of `locale`: en-US [1,2,…,7]; en-GB, de-DE [2,…,7,1]. */
export function weekdayOrder(locale: string): number[] {
  const first = firstDayOfWeek(locale);
  return ALL_DAYS.map((_, index) => ((first - 1 + index) % 7) + 1);
}

const SUNDAY = 1;
const MONDAY = 2;
const SATURDAY = 7;

/** CLDR week data for the regions whose week does not start on Monday, for engines without weekInfo. */
const SUNDAY_FIRST_REGIONS = new Set(
  'AG AS BD BR BS BT BW BZ CA CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW'.split(
    ' ',
  ),
);
const SATURDAY_FIRST_REGIONS = new Set('AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY'.split(' '));

type WeekInfo = { firstDay: number };
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

function firstDayOfWeek(locale: string): number {
  let intlLocale: LocaleWithWeekInfo;
  try {
    intlLocale = new Intl.Locale(locale);
  } catch {
    return MONDAY;
  }
  const info = intlLocale.getWeekInfo?.() ?? intlLocale.weekInfo;
  // Intl counts ISO days, 1 = Monday … 7 = Sunday; the API counts 1 = Sunday … 7 = Saturday.
  if (info) return (info.firstDay % 7) + 1;
  const region = intlLocale.maximize().region ?? '';
  if (SUNDAY_FIRST_REGIONS.has(region)) return SUNDAY;
  if (SATURDAY_FIRST_REGIONS.has(region)) return SATURDAY;
  return MONDAY;
}
