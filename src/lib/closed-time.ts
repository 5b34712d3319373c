/**
 * The `closed` URL parameter of sub-daily charts: closed hours and days drawn as empty width (`show`) or cut out of
 * the time axis (`hide`). The filters read it from the address (filters/model.ts); the chart decides what it means
 * for a view (charts/time-axis.ts's `hidesClosedTime`).
 */
export type ClosedTime = 'show' | 'hide';
