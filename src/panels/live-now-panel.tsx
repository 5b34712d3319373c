/**
 * The live number and what is usual for now: people present (the share of capacity, the reading's age and, when
 * it is not a live count, where it comes from), and the sentence comparing it with the usual for this weekday and
 * hour, with the middle half of the last 8 weeks. `[data-kpi="occupancy-now"]` and `[data-kpi="usual-now"]` carry
 * the people in `data-value`. Outside the location's open hours and days it says closed and when it opens, with an
 * empty `data-value` (analysis/open-hours.ts): closed is not zero.
 */
import './live-now-panel.css';
import { plural, t } from '@lingui/core/macro';

import type { OpenState } from '../analysis/open-hours';
import { closedWords } from '../live/open-words';
import { USUAL_WEEKS, type UsualValue } from '../analysis/usual';
import { formatAge, formatCount, percent } from '../lib/format';
import { formatWall, parseLocalDateTime } from '../lib/time';
import type { LiveReadingState } from '../live/use-live-reading';
import { describeUsual } from '../live/usual-words';
import { ErrorPanel } from '../components/error-panel';

export function LiveNowPanel(props: {
  live: LiveReadingState;
  capacity: number | undefined;
  /** The usual for this hour: undefined while it loads, null without enough history. */
  usual: UsualValue | null | undefined;
  weekday: number;
  hour: number;
  nowMs: number;
  label?: string;
  /** The panel's heading for screen readers only (a phone-sized wall). */
  labelHidden?: boolean;
  /** Open or closed now; null or left out when nothing tells (the reading is shown). */
  state?: OpenState | null;
}) {
  const { live, capacity, usual, weekday, hour, nowMs, label = t`Now`, labelHidden = false, state } = props;
  const heading = <h2 className={labelHidden ? 'visually-hidden' : undefined}>{label}</h2>;
  const { reading } = live;
  if (state && !state.open) {
    return (
      <section className="panel live-now" aria-label={label}>
        {heading}
        <div className="live-figure" data-kpi="occupancy-now" data-value="" data-open="false">
          <span className="live-closed">{closedWords(state)}</span>
        </div>
      </section>
    );
  }
  return (
    <section className="panel live-now" aria-label={label} aria-busy={live.pending}>
      {heading}
      {live.error && !reading ? (
        <ErrorPanel error={live.error} />
      ) : !reading && live.pending ? (
        // The reading's lines, held while it is asked for: the number's (empty) and the age's. What is under the
        // panel stays where it is when the reading arrives, whichever answer comes first.
        <div className="live-figure">
          <span className="live-number" aria-hidden="true">
            {'\u00a0'}
          </span>
          <span className="live-break" aria-hidden="true" />
          <span className="reading-age">{t`Reading…`}</span>
        </div>
      ) : !reading ? (
        <p className="hint">{t`No reading yet today.`}</p>
      ) : (
        <>
          <div className="live-figure" data-kpi="occupancy-now" data-value={reading.people}>
            <span className="live-number">{formatCount(reading.people)}</span>{' '}
            <span className="live-unit">{plural(reading.people, { one: 'person', other: 'people' })}</span>
            {/* Where a phone-sized wall starts the line of share and age, whether the capacity is known yet or not. */}
            <span className="live-break" aria-hidden="true" />
            {capacity !== undefined && capacity > 0 && (
              <span className="live-share">{shareOf(reading.people, capacity)}</span>
            )}
            <span className="reading-age">
              {reading.window ? averageOf(reading.window, nowMs - reading.takenMs) : formatAge(nowMs - reading.takenMs)}
            </span>
          </div>
          <UsualLine people={reading.people} usual={usual} weekday={weekday} hour={hour} />
        </>
      )}
    </section>
  );
}

function UsualLine(props: { people: number; usual: UsualValue | null | undefined; weekday: number; hour: number }) {
  const { people, usual, weekday, hour } = props;
  // Held as tall as the sentence will be (live-now-panel.css): nothing under it moves when it comes.
  if (usual === undefined) return <p className="hint usual-pending">{t`Finding what is usual…`}</p>;
  const words = describeUsual(people, usual, weekday, hour);
  return (
    <p className={`usual-now usual-${words.verdict}`} data-kpi="usual-now" data-value={usual?.median ?? ''}>
      {words.text}
      {usual && <span className="usual-band"> {usualBand(usual)}</span>}
    </p>
  );
}

/**
 * The usual's band and the weeks it was read from: every one of the last 8, or some of them (a week without data is
 * left out): "(usually 280–350, the middle half of the last 8 weeks)".
 */
function usualBand(usual: UsualValue): string {
  const [low, high] = [formatCount(usual.low), formatCount(usual.high)];
  const weeks = USUAL_WEEKS;
  const samples = usual.samples;
  return samples >= USUAL_WEEKS
    ? t`(usually ${low}–${high}, the middle half of the last ${weeks} weeks)`
    : t`(usually ${low}–${high}, the middle half of ${samples} of the last ${weeks} weeks)`;
}

/** `25.1 % of 1,424 places`. */
function shareOf(people: number, capacity: number): string {
  const share = percent(people / capacity);
  return plural(capacity, { one: `${share} of # place`, other: `${share} of # places` });
}

/** A reading that is a window's average: "average of 10:15–10:30, 2 min ago (this server gives no live count)". */
function averageOf(window: { start: string; end: string }, ageMs: number): string {
  const times = windowTimes(window);
  const age = formatAge(ageMs);
  return t`average of ${times}, ${age} (this server gives no live count)`;
}

/** `10:15–10:30`, from the window's own wall clock. */
function windowTimes(window: { start: string; end: string }): string {
  return `${formatWall(parseLocalDateTime(window.start).wallMs, 'HH:mm')}–${formatWall(parseLocalDateTime(window.end).wallMs, 'HH:mm')}`;
}
