/**
 * The sentence beside the live number: how it compares with what is usual for this weekday and hour
 * (analysis/usual.ts), in words people use:
 *   "Busier than usual for a Tuesday at 10:00: 420 people, usually 310"
 *   "Quieter than usual for a Tuesday at 10:00: 120 people, usually 310"
 *   "About as usual for a Tuesday at 10:00: 300 people, usually 310"
 *   "Not enough history yet to say what is usual for a Tuesday at 10:00"
 * Busier and quieter mean outside the middle half (25–75 %) of the last 8 same weekdays at that hour.
 */
import { compareWithUsual, type UsualComparison, type UsualValue } from '../analysis/usual';
import { formatCount, formatHour, weekdayName } from '../lib/format';

export interface UsualWords {
  verdict: UsualComparison | 'unknown';
  text: string;
}

const OPENINGS: Record<UsualComparison, string> = {
  busier: 'Busier than usual',
  quieter: 'Quieter than usual',
  usual: 'About as usual',
};

/** `weekday`: the spec's digit (1 = Sunday); `hour`: the wall hour now, 0–23. */
export function describeUsual(people: number, usual: UsualValue | null, weekday: number, hour: number): UsualWords {
  const when = `for a ${weekdayName(weekday, 'long')} at ${formatHour(hour)}`;
  if (!usual) return { verdict: 'unknown', text: `Not enough history yet to say what is usual ${when}` };
  const verdict = compareWithUsual(people, usual);
  const count = (n: number) => `${formatCount(n)} ${Math.round(n) === 1 ? 'person' : 'people'}`;
  return {
    verdict,
    text: `${OPENINGS[verdict]} ${when}: ${count(people)}, usually ${formatCount(usual.median)}`,
  };
}
