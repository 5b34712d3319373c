/**
 * `/compare?locations=ID,ID[,…]`: 2 to 8 locations side by side, in the order given, with a location page's filters
 * (`range` or `from`/`to`, `interval`, `hours`, `days`, `closed`, `compare`) and `metric`. One chart, a line per
 * location on the local wall-clock time of each (charts/compare-option.ts), and a table of each location's own
 * figures (use-compare-data.ts). A link it cannot show as asked says so in words and shows the valid locations.
 */
import './compare.css';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useMemo, useRef, useState } from 'react';
import { Link } from '../../lib/router/links';
import { useLocation, useNavigate, useSearchParams } from '../../lib/router/router';

import type { LocationRecord } from '../../api/schemas';
import { ChipMenu } from '../../components/chip-menu';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel-header';
import { Toolbar } from '../../components/toolbar';
import { useAppContext } from '../../config/app-context';
import { ChartPngButton } from '../../export/chart-png-button';
import { DownloadButton } from '../../export/download-button';
import { compareLinkParams } from '../../filters/compare';
import { FilterBar } from '../../filters/filter-bar';
import type { ChartPicture } from '../../lib/chart-picture';
import { zoneLabel } from '../../lib/time';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import { LocationPicker } from '../../locations/location-picker';
import { useLocationClocks } from './use-location-clocks';
import { UTILIZATION_VIEW } from '../../metrics/definitions';
import { WallChart } from '../../panels/wall-chart';
import { CompareField } from '../../views/compare-field';
import { CopyLink } from '../../views/copy-link';
import { LargeRequestPanel } from '../../views/large-request-panel';
import { useAddressState } from '../../views/location-view-state';
import { configuredRecords } from '../../views/location-view';
import { PrintHeaderSlot, PrintReportSlot } from '../../views/print-slot';
import type { PrintedView } from '../../views/print-words';
import { COMPARED_METRICS, knownLocations, MAX_COMPARED, parseCompareParams, withLocations } from './compare-params';
import { compareColumns, metricLabel, unitOf, valueName } from './compare-rows';
import { CompareTable, parseSort } from './compare-table';
import { chooseWords, problemWords, tooFewWords } from './compare-words';
import { useCompareData, useLines } from './use-compare-data';

const VIEWER_ZONE = { kind: 'zone', name: Intl.DateTimeFormat().resolvedOptions().timeZone } as const;

export function ComparePage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { config } = useAppContext();
  const params = useMemo(() => parseCompareParams(search), [search]);
  const { definition } = params;
  const { filters, setFilters, ignored, defaults, compare } = useAddressState(definition);
  const nowMs = useNow();
  const { locations: list, clocks: allClocks } = useLocationClocks(params.ids, nowMs);
  const records: readonly LocationRecord[] = list.data ?? configuredRecords(config);
  const known = list.data ? new Set(list.data.map((record) => record.location_id)) : undefined;
  const { shown, problems: unknown } = knownLocations(params.ids, known);
  const problems = [...params.problems, ...unknown].map(problemWords);
  if (params.unknownMetric !== null) {
    const quoted = `“${params.unknownMetric.slice(0, 40)}”`;
    problems.push(t`metric ${quoted} is not one this page compares; showing utilization`);
  }
  const clocks = shown.map((id) => allClocks[params.ids.indexOf(id)]!);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const confirmKey = `${shown.join(',')} ${search}`;
  const data = useCompareData({
    ids: shown,
    records: list.data ?? undefined,
    clocks,
    definition,
    filters,
    compare: compare.mode,
    nowMs,
    confirmed: confirmed === confirmKey,
  });
  useDocumentTitle(t`Compare locations`);
  const metricKey = definition === UTILIZATION_VIEW ? 'utilization' : definition.metric;
  const columns = compareColumns(metricKey, data.cost);
  const sort = parseSort(
    searchParams.get('sort'),
    columns.map((column) => column.key),
  );
  const onSort = (key: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('sort', sort?.key === key && sort.descending ? key : `-${key}`);
    setSearchParams(next);
  };
  const goTo = (ids: readonly number[]) => navigate({ search: withLocations(search, ids) });
  const lines = useLines(data.locations);
  const recipe = useMemo(
    () => ({
      kind: 'compare' as const,
      series: lines,
      context: {
        unit: unitOf(metricKey),
        interval: definition === UTILIZATION_VIEW ? '60min' : filters.interval,
        valueName: valueName(metricKey),
      },
    }),
    [lines, metricKey, definition, filters.interval],
  );
  const picture = useRef<ChartPicture | null>(null);
  const names = data.locations.map((location) => location.name);
  const firstZone = data.locations.find((location) => location.zone)?.zone ?? VIEWER_ZONE;
  const metricName = i18n._(definition.label);
  const complete = data.locations.every((location) => location.cells !== undefined && location.line !== undefined);
  const compared = data.locations.length >= 2;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const notices = [...ignored];
  const printed: PrintedView = {
    locations: names,
    dates: data.locations.flatMap((location) =>
      location.dates ? [{ location: location.name, dates: location.dates }] : [],
    ),
    filters,
    showsInterval: definition !== UTILIZATION_VIEW,
    zones: data.locations.flatMap((location) => (location.zone ? [zoneLabel(location.zone)] : [])),
    compare: compare.mode && { mode: compare.mode, dates: null },
  };

  return (
    <div className="compare-page">
      <PrintHeaderSlot title={t`Compare locations: ${metricName}`} view={printed} />
      <header className="location-header">
        <div className="location-title">
          <Link className="portfolio-link" to="/portfolio">{t`All locations`}</Link>
          <h1>{t`Compare locations`}</h1>
          <p className="facts">{t`${metricName}, each location in its own local time`}</p>
        </div>
      </header>
      <Toolbar label={t`Locations and filters`}>
        <label className="compare-select">
          {t`Metric`}{' '}
          <select
            value={metricKey === 'utilization' ? 'utilization' : definition.slug}
            onChange={(event) => {
              const next = new URLSearchParams(searchParams);
              next.set('metric', event.target.value);
              next.delete('interval');
              next.delete('sort');
              setSearchParams(next);
            }}
          >
            {COMPARED_METRICS.map((slug) => (
              <option key={slug} value={slug}>
                {metricLabel(slug)}
              </option>
            ))}
          </select>
        </label>
        <FilterBar metric={definition} filters={filters} onChange={setFilters} zone={firstZone} nowMs={nowMs} />
        <span className="toolbar-end">
          <ChipMenu label={t`More`} align="end" className="more-actions">
            <CompareField mode={compare.mode} compared={null} onChange={compare.setMode} />
            <CopyLink
              definition={definition}
              filters={filters}
              defaults={defaults}
              zone={firstZone}
              nowMs={nowMs}
              applied={undefined}
              extra={{
                locations: shown.join(','),
                ...(definition !== UTILIZATION_VIEW && { metric: definition.slug }),
                ...compareLinkParams(compare.mode),
              }}
            />
            <DownloadButton
              label={t`Download the table as CSV`}
              unavailable={complete ? null : t`The figures are still loading.`}
              onDownload={async () => {
                const { saveCompareCsv } = await import('./compare-csv');
                saveCompareCsv(columns, data.locations, {
                  metric: metricKey,
                  interval: definition === UTILIZATION_VIEW ? '60min' : filters.interval,
                  compare: compare.mode,
                  currency: data.cost?.currency ?? null,
                });
              }}
            />
            <ChartPngButton
              label={t`Download the chart as PNG`}
              chart={picture}
              context={{
                locationId: shown[0] ?? 0,
                locationName: 'compare',
                view: metricKey,
                start: data.locations[0]?.dates?.start ?? '',
                end: data.locations[0]?.dates?.end ?? '',
                interval: filters.interval,
                timeZone: null,
              }}
              what={`compare-${shown.join('-')}`}
              unavailable={complete && compared ? null : t`The chart is still loading.`}
            />
            <PrintReportSlot />
          </ChipMenu>
        </span>
      </Toolbar>
      <ul className="compare-chips" aria-label={t`Locations compared`}>
        {data.locations.map((location) => (
          <li key={location.locationId}>
            {location.name}{' '}
            <button
              type="button"
              aria-label={removeWords(location.name)}
              onClick={() => goTo(shown.filter((id) => id !== location.locationId))}
            >
              ×
            </button>
          </li>
        ))}
        {shown.length < MAX_COMPARED && (
          <li className="compare-add">
            <LocationPicker
              current={0}
              label={t`Add a location`}
              records={records.filter((record) => !shown.includes(record.location_id))}
              onChoose={(id) => goTo([...shown, id])}
            />
          </li>
        )}
      </ul>
      {(problems.length > 0 || shown.length < 2) && (
        <section className="panel compare-problem" role="alert">
          <h2>{chooseWords()}</h2>
          <ul>
            {shown.length < 2 && <li>{tooFewWords(shown.length)}</li>}
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </section>
      )}
      {notices.length > 0 && dismissed !== notices.join('\n') && (
        <Notice
          title={t`Some of this link was ignored`}
          items={notices}
          onDismiss={() => setDismissed(notices.join('\n'))}
        />
      )}
      {data.waiting ? (
        <LargeRequestPanel
          pages={data.pages}
          withComparison={compare.mode !== null}
          onProceed={() => setConfirmed(confirmKey)}
        />
      ) : (
        shown.length > 0 && (
          <>
            <Panel title={t`${metricName} over time`} className="compare-chart">
              <div className="chart-box">
                <WallChart
                  recipe={recipe}
                  wall={false}
                  pictureRef={picture}
                  summary={chartSummary(metricName, names)}
                />
              </div>
            </Panel>
            <Panel title={t`Figures`} className="compare-figures">
              <CompareTable columns={columns} locations={data.locations} sort={sort} onSort={onSort} />
            </Panel>
          </>
        )
      )}
    </div>
  );
}

const removeWords = (name: string) => t`Remove ${name}`;

/** The chart's text alternative: the metric and every location it draws. */
function chartSummary(metric: string, names: readonly string[]): string {
  const list = names.join(', ');
  return t`${metric} of ${list}, on the local time of each location.`;
}
