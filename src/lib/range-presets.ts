/** The rolling date ranges a view can show: the `range` URL values, and config.json's `defaultRange`. */
export const RANGE_PRESETS = [
  'today',
  'yesterday',
  '7d',
  '30d',
  '90d',
  'this-month',
  'last-month',
  'ytd',
  '12m',
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
