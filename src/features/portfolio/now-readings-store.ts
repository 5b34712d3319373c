/**
 * The live reading of every listed location, outside React: a round asks each parent's `/now` with its children
 * (liveQueries.now: a building's spaces in one request; a location without a listed parent asks for itself), in
 * the order the table lists their rows, two at a time through the one limiter. A round starts now and then every
 * minute while the page is visible, never while it is hidden. A server whose `/now` answers 404, 405 or 501 before
 * any reading came offers none: nothing more is asked. Subscribers hear of new readings at most every 300 ms.
 */
import type { QueryClient } from '@tanstack/react-query';

import type { ApiClient } from '../../api/client';
import { isNotOffered } from '../../api/errors';
import type { NowReading } from '../../api/now';
import type { LocationRecord } from '../../api/schemas';
import { StoreVersion } from '../../lib/scheduling/store-version';
import { LIVE_REFRESH_MS, liveQueries } from '../../live/live-queries';
import { fetchWhileWanted } from './fetch-while-wanted';
import { createRowPlanner, type RowPlanner } from './row-planner';

export interface ReadingState {
  reading: NowReading;
  /** When it was received (the reading's own instant is `reading.at`, when the server says). */
  receivedMs: number;
}

const PARENTS_AT_ONCE = 2;
const RENDER_EVERY_MS = 300;

export class NowReadingsStore {
  private readonly readings = new Map<number, ReadingState>();
  private readonly updates = new StoreVersion(RENDER_EVERY_MS);
  /** False once the server has shown it has no `/now`; undefined until it is known. */
  offered: boolean | undefined = undefined;
  private round: RowPlanner | null = null;
  private parents: readonly number[] = [];
  private hasChildren: ReadonlySet<number> = new Set();
  private running = false;
  private roundTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly client: ApiClient,
    readonly queryClient: QueryClient,
  ) {}

  /** For useStoreVersion. */
  readonly subscribe = this.updates.subscribe;
  /** For useStoreVersion: a new number whenever the readings (or whether they are offered) have changed. */
  readonly getVersion = this.updates.getVersion;

  get(id: number): ReadingState | undefined {
    return this.readings.get(id);
  }

  /** Rounds from now on, while the page is visible; returns the stop. */
  start(): () => void {
    this.running = true;
    const onVisibility = () => (document.visibilityState === 'hidden' ? this.pause() : this.startRound());
    if (document.visibilityState !== 'hidden') this.startRound();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      this.running = false;
      document.removeEventListener('visibilitychange', onVisibility);
      this.pause();
      this.updates.cancel();
    };
  }

  /**
   * The listed locations, first to last (`order`), with `records` to find their parents; `hasChildren`, the
   * locations with listed children. New parents are asked in this round's turn; a location that has just gained
   * listed children starts a new round (readings still fresh are not asked again).
   */
  plan(order: readonly number[], records: ReadonlyMap<number, LocationRecord>, hasChildren: ReadonlySet<number>) {
    const parents = new Set<number>();
    for (const id of order) {
      const parent = records.get(id)?.parent_id;
      parents.add(parent !== null && parent !== undefined && records.has(parent) ? parent : id);
    }
    this.parents = [...parents];
    if (hasChildren !== this.hasChildren) {
      this.hasChildren = hasChildren;
      if (this.round) this.startRound();
      return;
    }
    this.round?.plan(this.parents);
  }

  private startRound(): void {
    this.pause();
    if (!this.running || this.offered === false) return;
    const round = createRowPlanner({
      concurrency: PARENTS_AT_ONCE,
      load: (id, signal) =>
        fetchWhileWanted(this.queryClient, liveQueries.now(this.client, id, this.hasChildren.has(id)), signal),
      onSettled: (_id, outcome) => {
        if (!outcome.ok) {
          if (isNotOffered(outcome.error) && this.readings.size === 0) {
            this.offered = false;
            this.pause();
            this.updates.changed();
          }
          return;
        }
        const { self, children, receivedMs } = outcome.value;
        for (const reading of [self, ...children]) {
          if (reading) this.readings.set(reading.locationId, { reading, receivedMs });
        }
        this.updates.changedSoon();
      },
    });
    this.round = round;
    round.plan(this.parents);
    this.roundTimer = setTimeout(() => this.startRound(), LIVE_REFRESH_MS);
  }

  private pause(): void {
    clearTimeout(this.roundTimer);
    this.roundTimer = undefined;
    this.round?.dispose();
    this.round = null;
  }
}
