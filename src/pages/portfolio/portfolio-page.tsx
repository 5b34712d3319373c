/**
 * `/portfolio`: every location the token sees, one row each, with the utilization page's figures over the chosen
 * range, the live reading, and a summary above that answers the portfolio's questions. Everything it shows is in its
 * address: the pages' filters (range, from/to, hours, days), `sort`, `q` and `under` (filters/portfolio-params.ts).
 *
 * What loads and in which order is planned here: the rows on screen first, then the rest in the order listed
 * (use-portfolio-rows.ts and use-now-readings.ts, each over a row planner, every request through the one limiter).
 * What is listed is portfolio-list.ts's; the table only draws (portfolio-table.tsx).
 */
import '../shared/series-status.css';
import './portfolio.css';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

import { openStateAt, scheduleOf, type OpenState } from '../../analysis/open-hours';
import { capacitySurplus, summarizePortfolio, type PortfolioFigures } from '../../analysis/portfolio';
import { NetworkError } from '../../api/errors';
import { ErrorPanel } from '../../components/error-panel';
import { ChipMenu } from '../../components/chip-menu';
import { Notice } from '../../components/notice';
import { OfflineNotice } from '../../components/offline-notice';
import { Skeleton } from '../../components/skeleton';
import { Toolbar } from '../../components/toolbar';
import { useAppContext } from '../../config/app-context';
import { DownloadButton } from '../../export/download-button';
import type { PortfolioExportRow } from '../../export/portfolio-table';
import { FilterBar } from '../../filters/filter-bar';
import { serializeFilters } from '../../filters/model';
import {
  parsePortfolioParams,
  withPortfolioParams,
  type PortfolioParams,
  type PortfolioSortKey,
} from '../../filters/portfolio-params';
import { useDebouncedCallback } from '../../filters/use-debounced-callback';
import { useFilters } from '../../filters/use-filters';
import { formatCount } from '../../lib/format';
import { parseLocalDateTime } from '../../lib/time';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import { toTree } from '../../locations/location-tree';
import { locationQueries } from '../../locations/queries';
import { UTILIZATION_VIEW } from '../../metrics/definitions';
import { useOnline } from '../../offline/use-online';
import type { LocationRecord } from '../../api/schemas';
import { filterDefaults } from '../shared/location-route';
import { useSlowedDown, withSlowedDown } from '../shared/use-slowed-down';
import { configuredRecords } from '../shared/location-view';
import { useKeptView, type KeptViewState } from '../shared/use-kept-view';
import { listPortfolio } from './portfolio-list';
import { PortfolioSummaryPanel } from './portfolio-summary';
import { PortfolioTable, type TableRow } from './portfolio-table';
import { useNowReadings } from './use-now-readings';
import { usePortfolioRows } from './use-portfolio-rows';

export function PortfolioPage() {
  const { config, client } = useAppContext();
  useDocumentTitle('Portfolio');
  const { pathname, search } = useLocation();
  const liveNowMs = useNow();
  const locations = useQuery(locationQueries.list(client));
  // With the network down, the location list this browser kept (use-kept-view.ts), and the rows kept with it.
  const kept = useKeptView({
    address: pathname + search,
    nowMs: liveNowMs,
    unreachable: locations.error instanceof NetworkError,
    needs: 'list',
  });
  if (locations.data === undefined && kept.down !== null && kept.found !== null) {
    return (
      <div className="portfolio">
        <PortfolioHeader />
        <OfflineNotice down={kept.down} keptAt={null} nowMs={liveNowMs} what="the portfolio" />
      </div>
    );
  }
  if (locations.isPending) return <Skeleton label="Loading locations" text="Loading locations…" />;
  if (locations.error) return <ErrorPanel error={locations.error} onRetry={() => void locations.refetch()} />;
  return <PortfolioBody records={locations.data ?? configuredRecords(config)} down={kept.down} />;
}

function PortfolioHeader() {
  return (
    <header className="portfolio-header">
      <h1>Portfolio</h1>
      <p className="facts">Every location’s figures over the chosen dates, on its own calendar days and open hours.</p>
    </header>
  );
}

/** The viewer's zone, for the date fields only: every row's dates are its own location's calendar days. */
const VIEWER_ZONE = { kind: 'zone', name: Intl.DateTimeFormat().resolvedOptions().timeZone } as const;

function PortfolioBody({ records, down }: { records: readonly LocationRecord[]; down: KeptViewState['down'] }) {
  const { config } = useAppContext();
  const [searchParams, setSearchParams] = useSearchParams();
  const defaults = useMemo(() => filterDefaults(config, UTILIZATION_VIEW), [config]);
  const { filters, ignored, setFilters } = useFilters(UTILIZATION_VIEW, defaults);
  const portfolio = useMemo(() => parsePortfolioParams(searchParams), [searchParams]);
  const { sort, q, under } = portfolio.value;
  const nowMs = useNow();
  const filterParams = useMemo(() => serializeFilters(filters, UTILIZATION_VIEW, defaults), [filters, defaults]);
  const filtersKey = filterParams.toString();
  const linkSearch = filtersKey ? `?${filtersKey}` : '';

  const tree = useMemo(() => toTree(records), [records]);
  const recordMap = useMemo(() => new Map(records.map((record) => [record.location_id, record])), [records]);
  const hasChildren = useMemo(
    () => new Set(records.flatMap((r) => (r.parent_id !== null && recordMap.has(r.parent_id) ? [r.parent_id] : []))),
    [records, recordMap],
  );

  const online = useOnline();
  const { store: rows, version: rowsVersion } = usePortfolioRows({
    records: recordMap,
    filters,
    filtersKey,
    nowMs,
    online,
  });
  const readings = useNowReadings({ records: recordMap, hasChildren });
  const figuresOf = useCallback((id: number) => rows.states.get(id)?.loaded?.figures, [rows]);
  // Open or closed now: the reading's `is_open`, else the location's hours and days on the reading's wall clock.
  const openOf = (id: number): OpenState | null => {
    const reading = readings.get(id)?.reading;
    if (!reading) return null;
    const taken = reading.at ? parseLocalDateTime(reading.at) : null;
    const wallMs = taken ? taken.wallMs + (nowMs - taken.instantMs) : null;
    return openStateAt(wallMs, reading.open, scheduleOf(recordMap.get(id), rows.states.get(id)?.loaded?.schedule));
  };

  const listing = useMemo(
    () =>
      listPortfolio({
        tree,
        under,
        q,
        sort,
        // undefined while a value is still to come: a row not loaded yet (a failed one has none), a reading not in.
        valueFor: (id, key) => {
          if (key === 'capacity') return figuresOf(id)?.capacity ?? recordMap.get(id)?.capacity ?? null;
          if (key === 'data-coverage') {
            const state = rows.states.get(id);
            return state?.loaded ? (state.loaded.health?.coverage ?? null) : state?.error ? null : undefined;
          }
          if (key === 'occupancy-now') {
            // A closed place has no number: it ranks after the open ones, whichever the direction.
            const reading = readings.get(id);
            if (reading && openOf(id)?.open === false) return null;
            return reading ? reading.reading.people : readings.offered === false ? null : undefined;
          }
          const state = rows.states.get(id);
          const figures = state?.loaded?.figures;
          if (figures)
            return key === 'capacity-surplus' ? capacitySurplus(figures) : (figures[FIELD[key]] as number | null);
          return state?.error ? null : undefined;
        },
      }),
    // Listed again as rows and readings arrive (their versions), not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tree, under, q, sort, figuresOf, recordMap, rowsVersion, readings.version, sort?.key === 'occupancy-now' && nowMs],
  );

  // Rows on screen first, then the rest in the order listed; the planners re-order what still waits.
  const [visible, setVisible] = useState({ start: 0, end: 40 });
  const ids = useMemo(() => listing.entries.map((entry) => entry.record.location_id), [listing]);
  const order = useMemo(
    () => [...ids.slice(visible.start, visible.end + 1), ...ids.slice(0, visible.start), ...ids.slice(visible.end + 1)],
    [ids, visible],
  );
  const orderKey = order.join(',');
  const { plan: planReadings } = readings;
  useEffect(() => {
    rows.plan(order);
    planReadings(order);
    // Planned again when the order itself changes (orderKey), not when an equal one is rebuilt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderKey, rows, planReadings]);
  const onVisible = useCallback(
    (range: { start: number; end: number }) =>
      setVisible((current) => (current.start === range.start && current.end === range.end ? current : range)),
    [],
  );

  const tableRows: TableRow[] = listing.entries.map((entry) => {
    const id = entry.record.location_id;
    const state = rows.states.get(id);
    const reading = readings.get(id);
    return {
      entry,
      figures: state?.loaded?.figures,
      health: state?.kept ? undefined : state?.loaded?.health,
      range: state?.loaded && { start: state.loaded.start, end: state.loaded.end },
      kept: state?.kept === true,
      failed: state?.error !== undefined && !state.loaded,
      now: reading && { ...reading.reading, receivedMs: reading.receivedMs, state: openOf(id) },
      hasChildren: hasChildren.has(id),
    };
  });
  const summary = useMemo(
    () =>
      summarizePortfolio(
        tableRows
          .filter((row) => !row.hasChildren)
          .map((row) => ({
            locationId: row.entry.record.location_id,
            name: row.entry.record.name,
            figures: row.figures,
            health: row.health,
          })),
        config.portfolioBands,
      ),
    // Over the rows listed, as they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [listing, rowsVersion, config.portfolioBands],
  );
  const loadedCount = tableRows.filter((row) => row.figures && !row.kept).length;
  const failed = tableRows.filter((row) => row.failed).length;
  const slowedDown = useSlowedDown();

  const setPortfolio = (patch: Partial<PortfolioParams>, replace = false) =>
    setSearchParams(withPortfolioParams(searchParams, { ...portfolio.value, ...patch }), { replace });
  const onSort = (key: PortfolioSortKey) =>
    setPortfolio({
      sort: sort?.key === key ? { key, descending: !sort.descending } : { key, descending: key !== 'name' },
    });
  const branch = under === null ? undefined : recordMap.get(under);
  const notices = [...ignored, ...portfolio.ignored];
  const [dismissed, setDismissed] = useState<string | null>(null);

  return (
    <div className="portfolio">
      <PortfolioHeader />
      <Toolbar label="Filters and search">
        <FilterBar
          metric={UTILIZATION_VIEW}
          filters={filters}
          onChange={setFilters}
          zone={VIEWER_ZONE}
          nowMs={nowMs}
          moreFiltersLead={<p className="hint">Left unset, each location’s own operating hours and days apply.</p>}
        />
        <span className="toolbar-end">
          <SearchField value={q} onChange={(value) => setPortfolio({ q: value }, true)} />
          <ChipMenu label="More" align="end" className="more-actions">
            <DownloadButton
              label="Download the table as CSV"
              unavailable={listing.entries.length === 0 ? 'No location is listed.' : null}
              onDownload={async () => {
                const { savePortfolioCsv } = await import('../../export/portfolio-table');
                savePortfolioCsv(tableRows.map(exportRow), [...searchParams.entries()]);
              }}
            />
          </ChipMenu>
        </span>
      </Toolbar>
      {down !== null && <OfflineNotice down={down} keptAt={rows.keptAt} nowMs={nowMs} what="the figures" />}
      {notices.length > 0 && dismissed !== notices.join('\n') && (
        <Notice
          title="Some of this link was ignored"
          items={notices}
          onDismiss={() => setDismissed(notices.join('\n'))}
        />
      )}
      <PortfolioSummaryPanel summary={summary} bands={config.portfolioBands} linkSearch={linkSearch} />
      <section className="panel portfolio-locations" aria-label="Locations">
        <div className="portfolio-table-bar">
          <p role="status" className="series-status">
            <span data-portfolio-count data-value={listing.entries.length}>
              {formatCount(listing.entries.length)} {listing.entries.length === 1 ? 'location' : 'locations'}
            </span>
            {sort && sort.key !== 'name' && listing.loading > 0
              ? withSlowedDown(
                  `; ranked ${formatCount(listing.ranked)} of ${formatCount(listing.entries.length)}, ${formatCount(listing.loading)} loading`,
                  slowedDown,
                )
              : loadedCount < listing.entries.length
                ? withSlowedDown(`; figures for ${formatCount(loadedCount)} so far`, slowedDown)
                : ''}
            {failed > 0 && (
              <>
                {`; ${formatCount(failed)} failed to load `}
                <button type="button" className="quiet-button" onClick={() => rows.retryFailed()}>
                  Retry
                </button>
              </>
            )}
            {readings.offered === false && '; this server gives no live readings'}
          </p>
          {(under !== null || sort) && (
            <div className="portfolio-table-actions">
              {under !== null && (
                <p className="branch">
                  <span>
                    Showing <strong>{branch ? branch.name : `location ${under}`}</strong> and what is in it
                  </span>
                  <button type="button" className="quiet-button" onClick={() => setPortfolio({ under: null })}>
                    Show every location
                  </button>
                </p>
              )}
              {sort && (
                <button type="button" className="quiet-button" onClick={() => setPortfolio({ sort: null })}>
                  Show as a tree
                </button>
              )}
            </div>
          )}
        </div>
        {listing.entries.length === 0 ? (
          <p className="empty">No location matches “{q}”.</p>
        ) : (
          <PortfolioTable
            rows={tableRows}
            sort={sort}
            onSort={onSort}
            onBranch={(id) => setPortfolio({ under: id })}
            linkSearch={linkSearch}
            nowMs={nowMs}
            onVisible={onVisible}
          />
        )}
      </section>
    </div>
  );
}

const FIELD = {
  'average-utilization': 'averageUtilization',
  'peak-utilization': 'peakUtilization',
  'right-size-p95': 'rightSizeP95',
  'average-utilization-change': 'averageUtilizationChange',
} as const satisfies Record<string, keyof PortfolioFigures>;

function exportRow(row: TableRow): PortfolioExportRow {
  const { record, path } = row.entry;
  return {
    locationId: record.location_id,
    name: record.name,
    path: path.slice(0, -1),
    parentId: record.parent_id,
    status: record.status,
    capacity: row.figures?.capacity ?? record.capacity,
    now: row.now && { people: row.now.people, at: row.now.at, open: row.now.state ? row.now.state.open : null },
    figures: row.kept ? undefined : row.figures,
    start: row.range?.start,
    end: row.range?.end,
    state: row.failed ? 'failed' : row.figures && !row.kept ? 'loaded' : 'loading',
  };
}

/** The search box: typed text goes to the address after a pause, replacing the entry (no history per key). */
function SearchField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const [draft, setDraft] = useState({ text: value, from: value });
  // The address changed by itself (Back, a link): show what it says.
  if (draft.from !== value && draft.text !== value) setDraft({ text: value, from: value });
  const write = useDebouncedCallback(onChange, 250);
  return (
    <label className="portfolio-search">
      <span className="field-label">Search locations</span>
      <svg className="search-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <circle cx="7" cy="7" r="4.5" />
        <path d="M10.5 10.5 14 14" />
      </svg>
      <input
        type="search"
        value={draft.text}
        placeholder="Search locations…"
        onChange={(event) => {
          setDraft({ text: event.target.value, from: value });
          write(event.target.value);
        }}
      />
    </label>
  );
}
