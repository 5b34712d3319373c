import { describe, expect, it } from 'vitest';

import {
  dayTick,
  formatCount,
  formatDecimal,
  formatHour,
  formatIntervalCount,
  formatMoney,
  formatYearly,
  formatNumber,
  hourTick,
  monthTick,
  percent,
  percentOf,
  percentTick,
  weekdayName,
} from './format';
import { HOUR_MS } from './time-spans';

describe('format: one English format whatever the browser language', () => {
  it.each([
    [1540, '1,540'],
    [70115, '70,115'],
    [0, '0'],
    [12.5, '12.5'],
    [1234567.04, '1,234,567'],
  ])('formatNumber(%s) = %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });

  it('rounds counts and keeps one decimal for measures', () => {
    expect(formatCount(1539.6)).toBe('1,540');
    expect(formatDecimal(1234.56)).toBe('1,234.6');
    expect(formatDecimal(3)).toBe('3.0');
  });

  it.each([
    [0.2, '20.0 %'],
    [0.277, '27.7 %'],
    [0, '0.0 %'],
    [12.5, '1,250.0 %'],
  ])('percent(%s) = %s: one decimal everywhere', (fraction, text) => {
    expect(percent(fraction)).toBe(text);
  });

  it('formats values already in percent (a band edge, a usual) by the same rule', () => {
    expect(percentOf(20)).toBe('20.0 %');
    expect(percentOf(12.5)).toBe('12.5 %');
  });

  it('writes an axis tick without a decimal a whole tick does not need', () => {
    expect(percentTick(0)).toBe('0 %');
    expect(percentTick(50)).toBe('50 %');
    expect(percentTick(12.5)).toBe('12.5 %');
    expect(percentTick(107.14)).toBe('107.1 %');
  });

  it.each([
    [96, '15min', '96 quarter-hours'],
    [1, '15min', '1 quarter-hour'],
    [2, '30min', '2 half-hours'],
    [2016, '60min', '2,016 hours'],
    [1, 'hourly', '1 hour'],
    [5, 'daily', '5 days'],
    [1, 'weekly', '1 week'],
    [12, 'monthly', '12 months'],
    [3, 'fortnightly', '3 periods'],
  ])('formatIntervalCount(%s, %s) = %s: windows named by their length', (count, interval, text) => {
    expect(formatIntervalCount(count, interval)).toBe(text);
  });

  it('names weekdays in English from API day codes (1 = Sunday)', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((code) => weekdayName(code))).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
    expect(weekdayName(2, 'long')).toBe('Monday');
  });

  it('writes an hour of the day as a time, the day-ending midnight as 24:00', () => {
    expect([0, 7, 19, 23, 24].map(formatHour)).toEqual(['00:00', '07:00', '19:00', '23:00', '24:00']);
  });

  it('labels ticks with the weekday: `Mon 16 Nov`, hours inside a day, months', () => {
    const monday = Date.UTC(2026, 10, 16);
    expect(dayTick(monday)).toBe('Mon 16 Nov');
    expect(hourTick(monday)).toBe('Mon 16 Nov');
    expect(hourTick(monday + 7 * HOUR_MS)).toBe('07:00');
    expect(monthTick(monday)).toBe('Nov 2026');
  });
});

describe('formatYearly', () => {
  it('writes money in the currency configured, with its symbol, in the language in force', () => {
    expect(formatYearly(314_400, 'EUR')).toBe('€314,400 a year');
    expect(formatMoney(314_400, 'USD')).toBe('$314,400');
  });
});
