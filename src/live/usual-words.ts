/**
 * The sentence beside the live number: how it compares with what is usual for this weekday and hour
 * (analysis/usual.ts), in words people use:
 *   "Busier than usual for a Tuesday at 10:00: 420 people, usually 310"
 *   "Quieter than usual for a Tuesday at 10:00: 120 people, usually 310"
 *   "About as usual for a Tuesday at 10:00: 300 people, usually 310"
 *   "Not enough history yet to say what is usual for a Tuesday at 10:00"
 * Busier and quieter mean outside the middle half (25–75 %) of the last 8 same weekdays at that hour.
 */
import { plural, t } from '@lingui/core/macro';

import { compareWithUsual, type UsualComparison, type UsualValue } from '../analysis/usual';
import { formatCount, formatHour, weekdayName } from '../lib/format';

export interface UsualWords {
  verdict: UsualComparison | 'unknown';
  text: string;
}

/** `weekday`: the spec's digit (1 = Sunday); `hour`: the wall hour now, 0–23. */
export function describeUsual(people: number, usual: UsualValue | null, weekday: number, hour: number): UsualWords {
  const day = weekdayName(weekday, 'long');
  const time = formatHour(hour);
  if (!usual)
    return { verdict: 'unknown', text: t`Not enough history yet to say what is usual for a ${day} at ${time}` };
  const verdict = compareWithUsual(people, usual);
  const present = plural(Math.round(people), { one: '# person', other: '# people' });
  const median = formatCount(usual.median);
  const text = {
    busier: t`Busier than usual for a ${day} at ${time}: ${present}, usually ${median}`,
    quieter: t`Quieter than usual for a ${day} at ${time}: ${present}, usually ${median}`,
    usual: t`About as usual for a ${day} at ${time}: ${present}, usually ${median}`,
  }[verdict];
  return { verdict, text };
}
