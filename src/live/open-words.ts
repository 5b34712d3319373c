/** A closed location in words (analysis/open-hours.ts gives the facts): `Closed · opens Mon 07:00`. */
import { t } from '@lingui/core/macro';

import type { OpenState } from '../analysis/open-hours';
import { formatHour, weekdayName } from '../lib/format';

/** `Closed`, and `opens Mon 07:00` when the next opening is known. */
export function closedParts(state: Extract<OpenState, { open: false }>): { closed: string; opens: string | null } {
  if (!state.opens) return { closed: t`Closed`, opens: null };
  const day = weekdayName(state.opens.day);
  const hour = formatHour(state.opens.hour);
  return { closed: t`Closed`, opens: t`opens ${day} ${hour}` };
}

/** `Closed · opens Mon 07:00`, or `Closed` when the next opening is not known. */
export function closedWords(state: Extract<OpenState, { open: false }>): string {
  const { closed, opens } = closedParts(state);
  return opens === null ? closed : `${closed} · ${opens}`;
}
