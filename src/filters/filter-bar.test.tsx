// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from '../lib/router/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { LocationZone } from '../lib/time';
import { MINUTE_MS } from '../lib/time-spans';
import { METRIC_DEFINITIONS, type MetricDefinition } from '../metrics/definitions';
import { openChipMenu } from '../test/chip-menus';
import { DATE_INPUT_DEBOUNCE_MS } from './date-range-field';
import { FilterBar } from './filter-bar';
import type { FilterDefaults, Filters } from './model';
import { useFilters } from './use-filters';

const occupancy = metricNamed('occupancy');
const traffic = metricNamed('traffic');
const defaults: FilterDefaults = { range: { kind: 'preset', preset: '7d' }, interval: 'daily' };
const sydney: LocationZone = { kind: 'zone', name: 'Australia/Sydney' };
/** 13:00 on Tuesday 24 Nov 2026 in Sydney. */
const NOW = Date.parse('2026-11-24T02:00:00Z');
const PAGE = '/locations/1/occupancy';

function metricNamed(name: string): MetricDefinition {
  const metric = METRIC_DEFINITIONS.find((definition) => definition.metric === name);
  if (!metric) throw new Error(`no metric ${name}`);
  return metric;
}

/** The page in miniature: the bar over useFilters, the current URL, and a Back button. */
function Harness(props: { metric: MetricDefinition; locale: string | undefined; appliedDays?: number[] }) {
  const { metric, locale, appliedDays } = props;
  const { filters, setFilters } = useFilters(metric, defaults);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <FilterBar
        metric={metric}
        filters={filters}
        onChange={setFilters}
        zone={sydney}
        nowMs={NOW}
        locale={locale}
        applied={appliedDays && { hours: { start: 7, end: 19 }, days: appliedDays }}
      />
      <output aria-label="URL">{location.pathname + location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

/** What the folded filters' summary (a "More filters" chip on a location page) says applies. */
function moreFiltersSummary(): string | null {
  const chip = screen.getByText('More filters', { selector: 'summary > span' }).closest('summary')!;
  return chip.querySelector('.chip-summary')!.textContent;
}

/** Renders the harness at `url`; the locale is en-GB unless given (`locale: undefined` = navigator.language). */
function renderPage(
  url = PAGE,
  options: { metric?: MetricDefinition; locale?: string | undefined; appliedDays?: number[] } = {},
) {
  const locale = 'locale' in options ? options.locale : 'en-GB';
  const user = setupUser();
  render(
    <MemoryRouter initialEntries={[url]}>
      <Harness metric={options.metric ?? occupancy} locale={locale} appliedDays={options.appliedDays} />
    </MemoryRouter>,
  );
  return { user };
}

function setupUser() {
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

const currentUrl = () => screen.getByRole('status', { name: 'URL' }).textContent;
const control = (name: string) => screen.getByLabelText(name) as HTMLInputElement | HTMLSelectElement;
const dayButtons = () => within(screen.getByRole('group', { name: 'Days of week' })).getAllByRole('button');
const dayButton = (name: string) =>
  within(screen.getByRole('group', { name: 'Days of week' })).getByRole('button', { name });
const pressedDays = () =>
  dayButtons()
    .filter((button) => button.getAttribute('aria-pressed') === 'true')
    .map((button) => button.textContent);
const restTyping = () => act(() => vi.advanceTimersByTime(DATE_INPUT_DEBOUNCE_MS));
const presets = () => within(screen.getByRole('list', { name: 'Presets' })).getAllByRole('button');
const preset = (name: string) => within(screen.getByRole('list', { name: 'Presets' })).getByRole('button', { name });
/** The preset the date range's popover shows as chosen, or null for dates of the user's own. */
const pressedPreset = () =>
  presets().find((button) => button.getAttribute('aria-pressed') === 'true')?.textContent ?? null;
const calendarDay = (name: string) => within(screen.getByRole('grid')).getByRole('button', { name });

// The date inputs' debounce runs on fake timers, advanced explicitly. Testing Library drains its async
// wrapper with a setTimeout(0) that it advances only when it sees Jest's fake timers: this shim lets it.
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('FilterBar: the URL initialises the controls', () => {
  it('shows the defaults for a bare URL', async () => {
    const { user } = renderPage();
    await openChipMenu('Date range', user);
    expect(pressedPreset()).toBe('Last 7 days');
    // The dates are the location's (Sydney's) calendar days; the page's header names the zone, once.
    expect(screen.getByText('18 Nov – 24 Nov 2026')).toBeDefined();
    expect(control('From').value).toBe('2026-11-18');
    expect(control('To').value).toBe('2026-11-24');
    expect(moreFiltersSummary()).toBe('Operating hours · operating days');
    expect(control('Interval').value).toBe('daily');
    await openChipMenu('More filters', user);
    expect(control('From hour').value).toBe('');
    expect(control('To hour').value).toBe('');
    expect(pressedDays()).toEqual([]);
    expect(screen.getByText("The location's operating days")).toBeDefined();
    expect(screen.getByRole('button', { name: 'Operating days' })).toHaveProperty('disabled', true);
  });

  it('shows every filter of a URL', async () => {
    const { user } = renderPage(`${PAGE}?from=2026-03-01&to=2026-03-31&interval=60min&hours=7-19&days=23456`);
    await openChipMenu('Date range', user);
    expect(pressedPreset()).toBeNull();
    expect(screen.getByText('1 Mar – 31 Mar 2026')).toBeDefined();
    expect(control('From').value).toBe('2026-03-01');
    expect(control('To').value).toBe('2026-03-31');
    expect(control('Interval').value).toBe('60min');
    await openChipMenu('More filters', user);
    expect(control('From hour').value).toBe('7');
    expect(screen.getByRole('option', { name: '19:00 (until 20:00)', selected: true })).toBeDefined();
    expect(pressedDays()).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(screen.getByText('Mon–Fri')).toBeDefined();
    expect(moreFiltersSummary()).toBe('07:00–20:00 · Mon–Fri');
  });

  it('the folded filters’ summary says the hours and days the server applied, once known', () => {
    renderPage(PAGE, { appliedDays: [2, 3, 4, 5, 6] });
    expect(moreFiltersSummary()).toBe('07:00–20:00 · Mon–Fri');
  });
});

describe('FilterBar: each control writes the URL', () => {
  it('date range preset, with its dates in the location zone', async () => {
    const { user } = renderPage();
    await openChipMenu('Date range', user);
    await user.click(preset('Last 30 days'));
    expect(currentUrl()).toBe(`${PAGE}?range=30d`);
    expect(screen.getByText('26 Oct – 24 Nov 2026')).toBeDefined();
    // A preset closes the popover: it opens again to show the choice.
    await openChipMenu('Date range', user);
    expect(pressedPreset()).toBe('Last 30 days');

    await user.click(preset('Last 7 days'));
    expect(currentUrl()).toBe(PAGE);
  });

  it('typed dates apply once typing rests, as dates of the user’s own', async () => {
    const { user } = renderPage();
    await openChipMenu('Date range', user);
    await user.clear(control('From'));
    await user.type(control('From'), '2026-11-01');
    expect(currentUrl()).toBe(PAGE);
    await restTyping();
    expect(currentUrl()).toBe(`${PAGE}?from=2026-11-01&to=2026-11-24`);
    expect(pressedPreset()).toBeNull();
  });

  it('a range picked on the calendar: two days in either order, none after today in the location’s zone', async () => {
    const { user } = renderPage();
    await openChipMenu('Date range', user);
    // Today in Sydney is Tuesday 24 November: later days cannot be picked.
    expect(calendarDay('Tuesday 24 November 2026')).toHaveProperty('disabled', false);
    expect(calendarDay('Wednesday 25 November 2026')).toHaveProperty('disabled', true);

    await user.click(calendarDay('Friday 20 November 2026'));
    expect(currentUrl()).toBe(PAGE);
    await user.click(calendarDay('Tuesday 10 November 2026'));
    expect(currentUrl()).toBe(`${PAGE}?from=2026-11-10&to=2026-11-20`);
    // A picked range closes the popover: it opens again to show the dates.
    await openChipMenu('Date range', user);
    expect(control('From').value).toBe('2026-11-10');
    expect(control('To').value).toBe('2026-11-20');
  });

  it('interval, offering only what the metric allows', async () => {
    const { user } = renderPage(PAGE, { metric: traffic });
    const offered = within(control('Interval')).getAllByRole('option');
    expect(offered.map((option) => option.textContent)).toEqual(['Hourly', 'Daily', 'Weekly', 'Monthly']);
    await user.selectOptions(control('Interval'), 'Weekly');
    expect(currentUrl()).toBe(`${PAGE}?interval=weekly`);
  });

  it('hours, each end alone or both, and back to operating hours', async () => {
    const { user } = renderPage();
    await openChipMenu('More filters', user);
    await user.selectOptions(control('From hour'), '07:00');
    expect(currentUrl()).toBe(`${PAGE}?hours=7-`);
    expect(moreFiltersSummary()).toBe('from 07:00 · operating days');
    await user.selectOptions(control('To hour'), '19:00 (until 20:00)');
    expect(currentUrl()).toBe(`${PAGE}?hours=7-19`);
    await user.selectOptions(control('From hour'), 'Operating hours');
    expect(currentUrl()).toBe(`${PAGE}?hours=-19`);
    expect(moreFiltersSummary()).toBe('until 20:00 · operating days');
  });

  it('days: from operating days not yet known, a press leaves that day out; the reset returns to them', async () => {
    const { user } = renderPage();
    await openChipMenu('More filters', user);
    await user.click(dayButton('Sun'));
    expect(currentUrl()).toBe(`${PAGE}?days=234567`);
    expect(pressedDays()).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(screen.getByText('Mon–Sat')).toBeDefined();

    await user.click(dayButton('Sat'));
    expect(currentUrl()).toBe(`${PAGE}?days=23456`);

    await user.click(screen.getByRole('button', { name: 'Operating days' }));
    expect(currentUrl()).toBe(PAGE);
    expect(pressedDays()).toEqual([]);
  });

  it('days: from operating days the server applied, a press toggles that day against them', async () => {
    const { user } = renderPage(PAGE, { appliedDays: [2, 3, 4, 5, 6] });
    await openChipMenu('More filters', user);
    await user.click(dayButton('Sun'));
    expect(currentUrl()).toBe(`${PAGE}?days=123456`);
    expect(pressedDays()).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sun']);

    await user.click(screen.getByRole('button', { name: 'Operating days' }));
    await user.click(dayButton('Fri'));
    expect(currentUrl()).toBe(`${PAGE}?days=2345`);
    expect(screen.getByText('Mon–Thu')).toBeDefined();
  });

  it('days: all seven pressed is an explicit filter', async () => {
    const { user } = renderPage(`${PAGE}?days=123456`);
    await openChipMenu('More filters', user);
    await user.click(dayButton('Sat'));
    expect(currentUrl()).toBe(`${PAGE}?days=1234567`);
    expect(pressedDays()).toHaveLength(7);
    expect(screen.getByText('every day')).toBeDefined();
  });

  it('keeps parameters the filters do not own', async () => {
    const { user } = renderPage(`${PAGE}?utm_source=mail`);
    await user.selectOptions(control('Interval'), 'Weekly');
    expect(currentUrl()).toBe(`${PAGE}?interval=weekly&utm_source=mail`);
  });
});

describe('FilterBar: what cannot be applied stays on screen and out of the URL', () => {
  const customUrl = `${PAGE}?from=2026-03-01&to=2026-03-31`;

  it('a From after To keeps the typed date, says why, and leaves the URL alone', async () => {
    const { user } = renderPage(customUrl);
    await openChipMenu('Date range', user);
    await user.clear(control('From'));
    await user.type(control('From'), '2026-04-15');
    await restTyping();

    expect(control('From').value).toBe('2026-04-15');
    expect(screen.getByRole('alert').textContent).toBe('From must be on or before To');
    expect(control('From').getAttribute('aria-invalid')).toBe('true');
    expect(currentUrl()).toBe(customUrl);

    await user.clear(control('To'));
    await user.type(control('To'), '2026-04-30');
    await restTyping();
    expect(currentUrl()).toBe(`${PAGE}?from=2026-04-15&to=2026-04-30`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an emptied date is not applied', async () => {
    const { user } = renderPage(customUrl);
    await openChipMenu('Date range', user);
    await user.clear(control('To'));
    await restTyping();
    expect(screen.getByRole('alert').textContent).toBe('Enter a To date');
    expect(control('To').value).toBe('');
    expect(currentUrl()).toBe(customUrl);
  });

  it('a From hour after the To hour stays selected with a message until a choice fits', async () => {
    const { user } = renderPage(`${PAGE}?hours=7-19`);
    await openChipMenu('More filters', user);
    await user.selectOptions(control('From hour'), '20:00');
    expect(control('From hour').value).toBe('20');
    expect(screen.getByRole('alert').textContent).toBe(
      'The start hour (20:00) must be at or before the end hour (19:00)',
    );
    expect(currentUrl()).toBe(`${PAGE}?hours=7-19`);

    await user.selectOptions(control('To hour'), '22:00 (until 23:00)');
    expect(currentUrl()).toBe(`${PAGE}?hours=20-22`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses to unpress the last day', async () => {
    const { user } = renderPage(`${PAGE}?days=4`);
    await openChipMenu('More filters', user);
    await user.click(dayButton('Wed'));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one day');
    expect(pressedDays()).toEqual(['Wed']);
    expect(currentUrl()).toBe(`${PAGE}?days=4`);

    await user.click(dayButton('Thu'));
    expect(currentUrl()).toBe(`${PAGE}?days=45`);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('FilterBar: history', () => {
  it('pushes an entry per discrete choice: Back restores the previous filters', async () => {
    const { user } = renderPage();
    await user.selectOptions(control('Interval'), 'Weekly');
    await openChipMenu('Date range', user);
    await user.click(preset('Year to date'));
    await openChipMenu('More filters', user);
    await user.click(dayButton('Mon'));
    expect(currentUrl()).toBe(`${PAGE}?range=ytd&interval=weekly&days=134567`);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentUrl()).toBe(`${PAGE}?range=ytd&interval=weekly`);
    await openChipMenu('More filters', user);
    expect(pressedDays()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await openChipMenu('Date range', user);
    expect(pressedPreset()).toBe('Last 7 days');
    expect(control('Interval').value).toBe('weekly');
  });

  it('a picked range is an entry; dates typed over it replace that entry instead of adding one', async () => {
    const { user } = renderPage();
    await openChipMenu('Date range', user);
    await user.click(calendarDay('Monday 2 November 2026'));
    await user.click(calendarDay('Sunday 8 November 2026'));
    expect(currentUrl()).toBe(`${PAGE}?from=2026-11-02&to=2026-11-08`);
    await openChipMenu('Date range', user);
    await user.clear(control('From'));
    await user.type(control('From'), '2026-11-01');
    await restTyping();
    expect(currentUrl()).toBe(`${PAGE}?from=2026-11-01&to=2026-11-08`);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentUrl()).toBe(PAGE);
  });

  it('the first typed date over a preset adds an entry: Back returns to the preset', async () => {
    const { user } = renderPage(`${PAGE}?range=30d`);
    await openChipMenu('Date range', user);
    await user.clear(control('To'));
    await user.type(control('To'), '2026-11-20');
    await restTyping();
    expect(currentUrl()).toBe(`${PAGE}?from=2026-10-26&to=2026-11-20`);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentUrl()).toBe(`${PAGE}?range=30d`);
    await openChipMenu('Date range', user);
    expect(pressedPreset()).toBe('Last 30 days');
  });

  it('Back drops an unapplied draft and shows the filters of the URL', async () => {
    const { user } = renderPage();
    await openChipMenu('More filters', user);
    await user.selectOptions(control('To hour'), '19:00 (until 20:00)');
    await user.selectOptions(control('From hour'), '20:00');
    expect(screen.getByRole('alert')).toBeDefined();
    expect(currentUrl()).toBe(`${PAGE}?hours=-19`);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentUrl()).toBe(PAGE);
    await openChipMenu('More filters', user);
    expect(control('From hour').value).toBe('');
    expect(control('To hour').value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('FilterBar: the week follows the viewer locale', () => {
  const names = () => dayButtons().map((button) => button.textContent);

  it('starts on Sunday for en-US', async () => {
    const { user } = renderPage(PAGE, { locale: 'en-US' });
    await openChipMenu('More filters', user);
    expect(names()).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  it('starts on Monday for en-GB', async () => {
    const { user } = renderPage(PAGE, { locale: 'en-GB' });
    await openChipMenu('More filters', user);
    expect(names()).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });

  it('orders the week by navigator.language when no locale is given, and names the days in English', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    const { user } = renderPage(PAGE, { locale: undefined });
    await openChipMenu('More filters', user);
    expect(names()).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });
});

describe('FilterBar: in-progress input survives parent re-renders', () => {
  const customFilters: Filters = {
    range: { kind: 'custom', from: '2026-03-01', to: '2026-03-31' },
    interval: 'daily',
    startHour: null,
    endHour: null,
    days: null,
    view: 'chart',
  };

  function renderBar(onChange: (next: Filters, options?: { replace?: boolean }) => void) {
    const user = setupUser();
    const bar = (filters: Filters, nowMs: number) => (
      <FilterBar metric={occupancy} filters={filters} onChange={onChange} zone={sydney} nowMs={nowMs} locale="en-GB" />
    );
    const { rerender } = render(bar(customFilters, NOW));
    return { user, rerender: (filters: Filters, nowMs: number) => rerender(bar(filters, nowMs)) };
  }

  it('keeps an invalid typed date while the parent re-renders, and never sends it', async () => {
    const onChange = vi.fn();
    const { user, rerender } = renderBar(onChange);
    await openChipMenu('Date range', user);
    await user.clear(control('To'));
    await user.type(control('To'), '2026-02-01');
    rerender({ ...customFilters }, NOW + MINUTE_MS);
    await restTyping();

    expect(control('To').value).toBe('2026-02-01');
    expect(screen.getByRole('alert').textContent).toBe('From must be on or before To');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('applies a valid typed range with replace, over the latest filters', async () => {
    const onChange = vi.fn();
    const { user, rerender } = renderBar(onChange);
    await openChipMenu('Date range', user);
    await user.clear(control('To'));
    await user.type(control('To'), '2026-03-15');
    rerender({ ...customFilters, interval: 'weekly' }, NOW);
    await restTyping();

    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(
      { ...customFilters, interval: 'weekly', range: { kind: 'custom', from: '2026-03-01', to: '2026-03-15' } },
      { replace: true },
    );
  });

  it('calls onChange without replace for discrete choices', async () => {
    const onChange = vi.fn();
    const { user } = renderBar(onChange);
    await user.selectOptions(control('Interval'), 'Monthly');
    expect(onChange).toHaveBeenCalledWith({ ...customFilters, interval: 'monthly' }, undefined);
  });
});
