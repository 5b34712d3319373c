/**
 * `/portfolio`: every location the token sees, one row each, with the utilization page's figures over the chosen
 * range, the live reading, and a summary above that answers the portfolio's questions. Everything it shows is in its
 * address: the pages' filters (range, from/to, hours, days), `sort`, `q` and `under` (features/portfolio/portfolio-params.ts).
 *
 * What loads and in which order is planned here: the rows on screen first, then the rest in the order listed
 * (use-portfolio-rows.ts and use-now-readings.ts, each over a row planner, every request through the one limiter).
 * What is listed is portfolio-list.ts's; the table only draws (portfolio-table.tsx).
 */
import '../../views/series-status.css';
import './portfolio.css';
import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from '../../lib/router/router';

import { ErrorPanel } from '../../components/error-panel';
import { ChipMenu } from '../../components/chip-menu';
import { Notice } from '../../components/notice';
import { OfflineNotice } from '../../components/offline-notice';
import { Skeleton } from '../../components/skeleton';
import { Toolbar } from '../../components/toolbar';
import { useAppContext } from '../../config/app-context';
import { PrintReportSlot } from '../../views/print-slot';
import { placeCost } from '../../config/runtime-config';
import { DownloadButton } from '../../export/download-button';
import { FilterBar } from '../../filters/filter-bar';
import { serializeFilters } from '../../filters/filter-url';
import {
  parsePortfolioParams,
  withPortfolioParams,
  type PortfolioParams,
  type PortfolioSortKey,
} from './portfolio-params';
import { useFilters } from '../../filters/use-filters';
import { onNextFrameShown } from '../../lib/scheduling/after-paint';
import { lowerFirst } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import { toTree } from '../../locations/location-tree';
import { locationQueries } from '../../locations/queries';
import { UTILIZATION_VIEW } from '../../metrics/definitions';
import { useOnline } from '../../offline/use-online';
import { useFirstScreenPainted } from '../../panels/first-screen';
import type { LocationRecord } from '../../api/schemas';
import { locationName } from '../../views/location-header';
import { filterDefaults } from '../../views/location-route';
import { configuredRecords } from '../../views/location-view';
import { useKeptView, type KeptViewState } from '../../views/use-kept-view';
import { listPortfolio } from './portfolio-list';
import { PortfolioStatus, showingBranch } from './portfolio-status';
import { PortfolioSummaryPanel, usePortfolioSummary } from './portfolio-summary';
import { CompareChosen, PortfolioPrint, useChosen } from './portfolio-report';
import { PortfolioTable } from './portfolio-table';
import type { TableRow } from './table-row';
import { exportRow, openStateOf, sortValue, tableRowOf } from './portfolio-values';
import { SearchField } from './search-field';
import { useNowReadings } from './use-now-readings';
import { usePortfolioRows } from './use-portfolio-rows';

export function PortfolioPage() {
  const { config, client } = useAppContext();
  useDocumentTitle(t`Portfolio`);
  const { pathname, search } = useLocation();
  const liveNowMs = useNow();
  const locations = useQuery(locationQueries.list(client));
  // With the network down, the location list this browser kept (use-kept-view.ts), and the rows kept with it.
  const kept = useKeptView({
    address: pathname + search,
    nowMs: liveNowMs,
    needs: 'list',
  });
  // The portfolio's first screen is its list: the typeface follows it (nothing else waits for it here).
  useFirstScreenPainted(!locations.isPending);
  // The body (its toolbar, summary and table: the largest render of the start) is rendered in a transition, which
  // React renders in slices it yields between, not in the task that brought the list; the skeleton stays meanwhile.
  const listed = useDeferredValue(locations.data);
  if (locations.data === undefined && kept.down !== null && kept.found !== null) {
    return (
      <div className="portfolio">
        <PortfolioHeader />
        <OfflineNotice down={kept.down} keptAt={null} nowMs={liveNowMs} what="portfolio" />
      </div>
    );
  }
  if (locations.isPending || (locations.data !== undefined && listed === undefined)) {
    return <Skeleton label={t`Loading locations`} text={t`Loading locations…`} />;
  }
  if (locations.error) return <ErrorPanel error={locations.error} onRetry={() => void locations.refetch()} />;
  return <PortfolioBody records={listed ?? configuredRecords(config)} down={kept.down} />;
}

function PortfolioHeader() {
  return (
    <header className="portfolio-header">
      <h1>{t`Portfolio`}</h1>
      <p className="facts">{t`Every location’s figures over the chosen dates, on its own calendar days and open hours.`}</p>
    </header>
  );
}

/** The viewer's zone, for the date fields only: every row's dates are its own location's calendar days. */
const VIEWER_ZONE = { kind: 'zone', name: Intl.DateTimeFormat().resolvedOptions().timeZone } as const;

function PortfolioBody({ records, down }: { records: readonly LocationRecord[]; down: KeptViewState['down'] }) {
  const { config } = useAppContext();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
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
  const rows = usePortfolioRows({ records: recordMap, filters, filtersKey, nowMs, online });
  const readings = useNowReadings({ records: recordMap, hasChildren });

  // The clock matters to the listing only when it ranks by the live number (a place closed now ranks last): it is
  // read only then.
  const rankedAt = sort?.key === 'occupancy-now' ? nowMs : null;
  // Listed again as rows and readings arrive (each version of them is a new object), not on every render.
  const listing = useMemo(
    () =>
      listPortfolio({
        tree,
        under,
        q,
        sort,
        valueFor: (id, key) =>
          sortValue(key, id, { states: rows.store.states, readings, records: recordMap, nowMs: rankedAt ?? 0 }),
      }),
    [tree, under, q, sort, rows, readings, recordMap, rankedAt],
  );

  // Rows on screen first, then the rest in the order listed; the planners re-order what still waits. Planned again
  // when the order itself changes (its ids as one string), not when an equal one is rebuilt.
  const [visible, setVisible] = useState({ start: 0, end: 40 });
  const ids = useMemo(() => listing.entries.map((entry) => entry.record.location_id), [listing]);
  const orderKey = useMemo(
    () =>
      [
        ...ids.slice(visible.start, visible.end + 1),
        ...ids.slice(0, visible.start),
        ...ids.slice(visible.end + 1),
      ].join(','),
    [ids, visible],
  );
  const order = useMemo(() => (orderKey === '' ? [] : orderKey.split(',').map(Number)), [orderKey]);
  const { store } = rows;
  const { plan: planReadings } = readings;
  // Asked for once the frame of what the page already holds is on screen: the first screen (the summary's heading
  // and the table's frame) is shown before its rows' requests go out, not after their answers are in.
  useEffect(
    () =>
      onNextFrameShown(() => {
        store.plan(order);
        planReadings(order);
      }),
    [order, store, planReadings],
  );
  const onVisible = useCallback(
    (range: { start: number; end: number }) =>
      setVisible((current) => (current.start === range.start && current.end === range.end ? current : range)),
    [],
  );

  // Every listed row, built again when rows, readings or the minute change, not at each scroll (which re-renders
  // the page to plan the rows on screen first).
  const tableRows: TableRow[] = useMemo(
    () =>
      listing.entries.map((entry) => {
        const id = entry.record.location_id;
        const state = rows.store.states.get(id);
        const reading = readings.get(id);
        const open = openStateOf(reading, recordMap.get(id), state, nowMs);
        return tableRowOf(entry, state, reading, { hasChildren: hasChildren.has(id), open });
      }),
    [listing, rows, readings, recordMap, hasChildren, nowMs],
  );
  const summary = usePortfolioSummary(tableRows, config.portfolioBands);
  const [chosen, toggleChosen] = useChosen();

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
      <Toolbar label={t`Filters and search`}>
        <FilterBar
          metric={UTILIZATION_VIEW}
          filters={filters}
          onChange={setFilters}
          zone={VIEWER_ZONE}
          nowMs={nowMs}
          moreFiltersLead={<p className="hint">{t`Left unset, each location’s own operating hours and days apply.`}</p>}
        />
        <span className="toolbar-end">
          <SearchField value={q} onChange={(value) => setPortfolio({ q: value }, true)} />
          <ChipMenu label={t`More`} align="end" className="more-actions">
            <PrintReportSlot />
            <DownloadButton
              label={t`Download the table as CSV`}
              unavailable={listing.entries.length === 0 ? t`No location is listed.` : null}
              onDownload={async () => {
                const { savePortfolioCsv } = await import('./portfolio-csv');
                savePortfolioCsv(tableRows.map(exportRow), [...searchParams.entries()]);
              }}
            />
          </ChipMenu>
        </span>
      </Toolbar>
      <CompareChosen chosen={chosen} records={recordMap} search={search} />
      <PortfolioPrint rows={tableRows} filters={filters} under={branch?.name ?? null} />
      {down !== null && <OfflineNotice down={down} keptAt={store.keptAt} nowMs={nowMs} what="figures" />}
      {notices.length > 0 && dismissed !== notices.join('\n') && (
        <Notice
          title={t`Some of this link was ignored`}
          items={notices}
          onDismiss={() => setDismissed(notices.join('\n'))}
        />
      )}
      <PortfolioSummaryPanel
        summary={summary}
        bands={config.portfolioBands}
        linkSearch={linkSearch}
        cost={placeCost(config)}
      />
      <section className="panel portfolio-locations" aria-label={t`Locations`}>
        <div className="portfolio-table-bar">
          <PortfolioStatus
            listing={listing}
            rows={tableRows}
            sort={sort}
            liveOffered={readings.offered}
            onRetry={() => store.retryFailed()}
          />
          {(under !== null || sort) && (
            <div className="portfolio-table-actions">
              {under !== null && (
                <p className="branch">
                  <span>{showingBranch(branch ? branch.name : lowerFirst(locationName(under)))}</span>
                  <button type="button" className="quiet-button" onClick={() => setPortfolio({ under: null })}>
                    {t`Show every location`}
                  </button>
                </p>
              )}
              {sort && (
                <button type="button" className="quiet-button" onClick={() => setPortfolio({ sort: null })}>
                  {t`Show as a tree`}
                </button>
              )}
            </div>
          )}
        </div>
        {listing.entries.length === 0 ? (
          <p className="empty">{t`No location matches “${q}”.`}</p>
        ) : (
          <PortfolioTable
            rows={tableRows}
            sort={sort}
            onSort={onSort}
            onBranch={(id) => setPortfolio({ under: id })}
            linkSearch={linkSearch}
            nowMs={nowMs}
            onVisible={onVisible}
            chosen={chosen}
            onChoose={toggleChosen}
          />
        )}
      </section>
    </div>
  );
}
