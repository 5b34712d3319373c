import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useState, type ReactNode } from 'react';

import type { DateSpan } from '../analysis/periods';
import type { WalkedPage } from '../api/filter-fallback';
import { cutsClosedTime, hasClosedTime, hidesClosedTime, isSubDaily } from '../charts/time-axis';
import { ChipMenu } from '../components/chip-menu';
import { Link } from '../lib/router/links';
import { useLocation } from '../lib/router/router';
import { zoneLabel } from '../lib/time';
import { UTILIZATION_VIEW } from '../metrics/definitions';
import { Notice } from '../components/notice';
import { OfflineNotice } from '../components/offline-notice';
import { Toolbar } from '../components/toolbar';
import { compareLinkParams } from '../filters/compare';
import { FilterBar } from '../filters/filter-bar';
import { AppliedFilters, appliedDiffers } from './applied-filters';
import { CompareField } from './compare-field';
import { CopyLink } from './copy-link';
import { LocationHeader, locationName } from './location-header';
import { compareSearch } from './compare-link';
import { PrintHeaderSlot, PrintReportSlot } from './print-slot';
import type { PrintedView } from './print-words';
import { keptAtOf } from './location-view';
import { useLocationViewState } from './location-view-state';

/**
 * The top of a location page, the answer's controls in one row: the header (name, capacity, the one statement of
 * the zone, the views), then the toolbar: the location picker, the date range and interval, "More filters" (hours,
 * days, closed hours), what the page adds at its end (the metric page's Chart | Table), and "More" (the page's
 * links, exports and comparison). Under it, the notice for what the link asked and could not be used (shown again
 * for a link that ignores something else), and what the server applied where it is not what was asked.
 */
export function LocationViewHead(props: {
  /** The first page of what is shown: name, capacity, the hours and days applied. */
  firstPage: WalkedPage | undefined;
  /** The dates shown. */
  range: DateSpan;
  /** The comparison's dates, when one is on. */
  compared: DateSpan | null;
  /** At the toolbar's end, before "More". */
  end?: ReactNode;
  /** What "More" holds after Compare with and Copy link: the page's downloads. */
  more?: ReactNode;
}) {
  const { view, definition, filters, setFilters, ignored, defaults, compare } = useLocationViewState();
  const { firstPage } = props;
  const { search } = useLocation();
  const appliedHours = firstPage && { hours: firstPage.hour_range, days: firstPage.days_of_week };
  // What the filters read against, for the bar that sets them and the link that shares them.
  const filtersAt = { zone: view.clock.zone, nowMs: view.nowMs, applied: appliedHours };
  const [dismissed, setDismissed] = useState<string | null>(null);
  const ignoredText = ignored.join('\n');
  const applied = firstPage && <AppliedFilters filters={filters} applied={firstPage} />;
  // Said in the open where it is news (the server applied something else, or the browser filtered); else inside
  // "More filters", whose chip already gives the hours and days.
  const appliedNews = firstPage !== undefined && (firstPage.filteredLocally || appliedDiffers(filters, firstPage));
  const name = firstPage?.name ?? view.record?.name ?? locationName(view.locationId);
  const printed: PrintedView = {
    locations: [name],
    dates: props.range,
    filters,
    showsInterval: definition !== UTILIZATION_VIEW,
    zones: [zoneLabel(view.clock.zone, view.nowMs)],
    compare: compare.mode && { mode: compare.mode, dates: props.compared },
  };
  return (
    <>
      <PrintHeaderSlot title={`${name}: ${i18n._(definition.label)}`} view={printed} />
      <LocationHeader
        locationId={view.locationId}
        record={view.record}
        firstPage={firstPage}
        clock={view.clock}
        nowMs={view.nowMs}
        rangeStart={props.range.start}
        navigation={view.navigation}
      />
      <Toolbar label={t`Location and filters`}>
        {view.navigation.picker}
        <FilterBar
          metric={definition}
          filters={filters}
          onChange={setFilters}
          {...filtersAt}
          moreFiltersLead={!appliedNews && applied}
          hidesClosed={
            // Offered once the first page says which hours and days it holds, and only if some are left out.
            filters.view === 'chart' &&
            cutsClosedTime(filters.interval) &&
            firstPage &&
            (isSubDaily(filters.interval)
              ? hasClosedTime({ hours: firstPage.hour_range, days: firstPage.days_of_week })
              : new Set(firstPage.days_of_week).size < 7)
              ? hidesClosedTime(filters.interval, filters.closed, view.record?.operating_hours !== undefined)
              : undefined
          }
        />
        <span className="toolbar-end">
          {props.end}
          <ChipMenu label={t`More`} align="end" className="more-actions">
            <CompareField mode={compare.mode} compared={props.compared} onChange={compare.setMode} />
            <CopyLink
              definition={definition}
              filters={filters}
              defaults={defaults}
              {...filtersAt}
              extra={compareLinkParams(compare.mode)}
            />
            <Link to={{ pathname: '/compare', search: compareSearch([view.locationId], search) }}>
              {t`Compare with…`}
            </Link>
            {props.more}
            <PrintReportSlot />
          </ChipMenu>
        </span>
      </Toolbar>
      {view.kept.down !== null && (
        <OfflineNotice down={view.kept.down} keptAt={keptAtOf(view.kept)} nowMs={view.kept.liveNowMs} what="view" />
      )}
      {ignored.length > 0 && dismissed !== ignoredText && (
        <Notice title={t`Some of this link was ignored`} items={ignored} onDismiss={() => setDismissed(ignoredText)} />
      )}
      {appliedNews && applied}
    </>
  );
}
