/** What `/compare` says of a link it cannot show as asked, in words (never "No such page"). */
import { plural, t } from '@lingui/core/macro';

import { MAX_COMPARED, MIN_COMPARED, type LocationsProblem } from './compare-params';

/** The page's one rule, said whenever a link breaks it. */
export function chooseWords(): string {
  return t`Choose ${MIN_COMPARED} to ${MAX_COMPARED} locations to compare`;
}

export function problemWords(problem: LocationsProblem): string {
  switch (problem.kind) {
    case 'not-a-number': {
      const quoted = `“${problem.value}”`;
      return t`${quoted} is not a location number; left out`;
    }
    case 'repeated': {
      const id = problem.id;
      return t`Location ${id} is named twice; shown once`;
    }
    case 'too-many': {
      const dropped = problem.dropped.join(', ');
      return plural(problem.dropped.length, {
        one: `More than ${MAX_COMPARED} locations: # left out (${dropped})`,
        other: `More than ${MAX_COMPARED} locations: # left out (${dropped})`,
      });
    }
    case 'unknown': {
      const id = problem.id;
      return t`There is no location ${id}; left out`;
    }
  }
}

/** What is wrong with the list as a whole: too few to compare, in words. */
export function tooFewWords(shown: number): string {
  return plural(shown, {
    0: 'No location to compare yet: add some with the picker.',
    one: 'Only one location to compare: add another with the picker.',
    other: '# locations.',
  });
}
