/**
 * The location's local date with vendor records (no zone anywhere: the date comes from the server's own day bounds),
 * at the instants around DST changes where an offset read from the wrong day would put "today" a day off, for a
 * viewer in UTC, in Pacific/Auckland and in America/Los_Angeles. Expected dates are computed with date-fns-tz.
 */
import { formatInTimeZone } from 'date-fns-tz';

import { expect, test } from './fixtures';
import {
  addDays,
  BERLIN,
  clockHeader,
  crashHeading,
  dates,
  isProbe,
  isUsualHistory,
  isView,
  metric,
  type MetricSlug,
  NEW_YORK,
  offsetLabel,
  rangeText,
  recordMetricRequests,
  SYDNEY,
} from './vendor-fixtures';

test.use({ server: 'vendor' });

interface ClockCase {
  /** The location's wall clock at `at`, checked against date-fns-tz so the table cannot lie. */
  local: string;
  at: string;
  location: { zone: string; id: number };
  metric: MetricSlug;
  /** `today`: range=today&interval=60min; `default`: the page with no filters (the last 7 days, daily). */
  view: 'today' | 'default';
  why: string;
}

function clockTest(c: ClockCase) {
  test.describe(`${c.location.zone} at ${c.local} (${c.at})`, () => {
    test.use({ clockAt: c.at });

    test(`${c.view === 'today' ? 'today, hourly' : 'the default week'}: ${c.why}`, async ({ page }) => {
      expect(formatInTimeZone(c.at, c.location.zone, 'yyyy-MM-dd HH:mm')).toBe(c.local);
      const today = formatInTimeZone(c.at, c.location.zone, 'yyyy-MM-dd');
      const [start, end] = c.view === 'today' ? [today, today] : [addDays(today, -6), today];
      const { label } = metric(c.metric);
      const seen = recordMetricRequests(page, c.location.id);

      await page.goto(
        `/locations/${c.location.id}/${c.metric}${c.view === 'today' ? '?range=today&interval=60min' : ''}`,
      );
      await expect(page.getByRole('figure', { name: new RegExp(`^${label} of `) })).toBeVisible();
      await expect(crashHeading(page)).toHaveCount(0);
      const all = `all: ${seen.map((q) => q.toString()).join(' | ')}`;
      const interval = c.view === 'today' ? '60min' : 'daily';
      const views = seen.filter(isView);
      expect(views.filter((q) => q.get('interval') === interval).map(dates), `view requests (${all})`).toEqual([
        [start, end],
      ]);
      // The figures' windows at another interval (analysis/figure-bases.ts) are asked for the same dates.
      expect(new Set(views.map((q) => dates(q).join(' '))), all).toEqual(new Set([`${start} ${end}`]));
      expect(seen.filter(isProbe).length, 'at most one probe').toBeLessThanOrEqual(1);
      // Today's occupancy also asks what is usual: for the local date too, never a date it later corrects.
      const usual = seen.filter(isUsualHistory).map(dates);
      if (c.view === 'today' && c.metric === 'occupancy') {
        await expect.poll(() => seen.filter(isUsualHistory).length, all).toBe(1);
        expect(seen.filter(isUsualHistory).map(dates)).toEqual([[addDays(today, -56), addDays(today, -1)]]);
      } else {
        expect(usual, all).toEqual([]);
      }
      await expect(
        page.getByRole('figure', {
          name: new RegExp(`^${label} of .+, ${rangeText(start, end)}, \\d+ (days?|hours?), `),
        }),
      ).toBeVisible();
      await expect(page.getByText(clockHeader(offsetLabel(c.at, c.location.zone)))).toBeVisible();
    });
  });
}

const HERE: ClockCase[] = [
  {
    local: '2026-11-01 23:30',
    at: '2026-11-02T04:30:00Z',
    location: NEW_YORK,
    metric: 'occupancy',
    view: 'today',
    why: 'late on the day DST ended (a 25-hour day)',
  },
  {
    local: '2026-03-08 23:30',
    at: '2026-03-09T03:30:00Z',
    location: NEW_YORK,
    metric: 'occupancy',
    view: 'default',
    why: 'late on the day DST began (a 23-hour day)',
  },
  {
    local: '2026-03-09 00:30',
    at: '2026-03-09T04:30:00Z',
    location: NEW_YORK,
    metric: 'traffic',
    view: 'today',
    why: 'just after the first midnight in summer time',
  },
  {
    local: '2026-10-25 23:30',
    at: '2026-10-25T22:30:00Z',
    location: BERLIN,
    metric: 'occupancy',
    view: 'default',
    why: 'late on the day DST ended',
  },
  {
    local: '2026-10-26 00:30',
    at: '2026-10-25T23:30:00Z',
    location: BERLIN,
    metric: 'occupancy',
    view: 'today',
    why: 'just after midnight, the UTC date still the day before',
  },
  {
    local: '2026-03-29 23:30',
    at: '2026-03-29T21:30:00Z',
    location: BERLIN,
    metric: 'traffic',
    view: 'default',
    why: 'late on the day DST began',
  },
  {
    local: '2026-04-05 23:30',
    at: '2026-04-05T13:30:00Z',
    location: SYDNEY,
    metric: 'occupancy',
    view: 'default',
    why: 'late on the day DST ended',
  },
  {
    local: '2026-10-05 00:30',
    at: '2026-10-04T13:30:00Z',
    location: SYDNEY,
    metric: 'occupancy',
    view: 'today',
    why: 'just after the first midnight in summer time, the UTC date still the day before',
  },
];
test.describe('the location’s local date, viewer in UTC', () => {
  test.use({ timezoneId: 'UTC' });
  HERE.forEach(clockTest);
});

test.describe('the location’s local date, viewer in Pacific/Auckland', () => {
  test.use({ timezoneId: 'Pacific/Auckland' });
  const cases: ClockCase[] = [
    {
      local: '2026-11-02 00:30',
      at: '2026-11-02T05:30:00Z',
      location: NEW_YORK,
      metric: 'availability',
      view: 'default',
      why: 'just after the first midnight in winter time',
    },
    {
      local: '2026-03-30 00:30',
      at: '2026-03-29T22:30:00Z',
      location: BERLIN,
      metric: 'occupancy',
      view: 'today',
      why: 'just after the first midnight in summer time, the UTC date still the day before',
    },
  ];
  cases.forEach(clockTest);
});

test.describe('the location’s local date, viewer in America/Los_Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });
  const cases: ClockCase[] = [
    {
      local: '2026-04-06 00:30',
      at: '2026-04-05T14:30:00Z',
      location: SYDNEY,
      metric: 'occupancy',
      view: 'today',
      why: 'just after the first midnight in winter time, the UTC date still the day before',
    },
    {
      local: '2026-10-04 23:30',
      at: '2026-10-04T12:30:00Z',
      location: SYDNEY,
      metric: 'dwell-time',
      view: 'default',
      why: 'late on the day DST began',
    },
  ];
  cases.forEach(clockTest);
});
