/** A gap in the data (analysis/coverage.ts) in words, on the location's wall clock. */
import { t } from '@lingui/core/macro';

import type { Gap } from '../../analysis/coverage';
import { formatWall } from '../../lib/time';

/** `no data Tue 3 Jun 00:00 – Wed 4 Jun 00:00`, `no data since Tue 3 Jun 00:00`. */
export function gapWords(gap: Gap): string {
  const at = (wall: number) => formatWall(wall, 'EEE d MMM HH:mm');
  const [start, end] = [at(gap.startWall), at(gap.endWall)];
  return gap.ongoing ? t`no data since ${start}` : t`no data ${start} – ${end}`;
}
