import type { Filters } from '../filters/model';

/** The filters of a page opened with no filter parameters: the last 7 days, hourly, every hour and day, a chart. */
export const WEEK_FILTERS: Filters = {
  range: { kind: 'preset', preset: '7d' },
  interval: '60min',
  startHour: null,
  endHour: null,
  days: null,
  view: 'chart',
};
