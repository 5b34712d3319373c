/** The metric page's downloads, in "More": the range's windows as CSV and the chart as PNG. */
import { t } from '@lingui/core/macro';
import type { RefObject } from 'react';

import type { WalkedPage } from '../../api/filter-fallback';
import { walkPages } from '../../api/series-walk';
import type { SeriesWalk } from '../../api/walk-state';
import { useAppContext } from '../../config/app-context';
import { ChartPngButton } from '../../export/chart-png-button';
import type { ViewContext } from '../../export/context';
import type { ChartPicture } from '../../lib/chart-picture';
import { DownloadButton } from '../../export/download-button';
import type { MetricDefinition } from '../../metrics/definitions';
import { pngUnavailable } from './chart-words';

export function MetricDownloads(props: {
  definition: MetricDefinition;
  context: ViewContext;
  chartView: boolean;
  /** A large request waits to be confirmed. */
  waiting: boolean;
  /** The chart's walk: its query (asked again for the CSV when the table is open), whether it is whole. */
  series: {
    fetch(): Promise<SeriesWalk>;
    loading: boolean;
    complete: boolean;
    failed: boolean;
  };
  pages: WalkedPage[] | undefined;
  /** The table's pages when it holds every one. */
  tablePages: WalkedPage[] | undefined;
  /** The request is large (its pages are not walked for a CSV from the table view). */
  large: boolean;
  estimatedPages: number;
  chart: RefObject<ChartPicture | null>;
}) {
  const { definition, context, chartView, waiting, series, pages, tablePages } = props;
  const { config } = useAppContext();
  // Every window of the range, whichever view is open: the chart's whole walk, the table's pages when it has
  // them all, or else the walk the chart would make (cached, so the chart then opens without a request).
  const estimated = props.estimatedPages;
  const csvUnavailable = chartView
    ? waiting
      ? t`Load the large request first.`
      : series.complete
        ? null
        : series.failed
          ? t`Some pages did not load: retry first.`
          : t`The data is still loading.`
    : tablePages || !props.large
      ? null
      : t`This range is about ${estimated} pages: load them in the chart view first.`;
  const downloadCsv = async () => {
    const everyPage = chartView && pages ? pages : (tablePages ?? walkPages(await series.fetch()));
    const { saveMetricCsv } = await import('./save-metric');
    saveMetricCsv({
      metric: definition.metric,
      slug: definition.slug,
      pages: everyPage,
      context,
      dwellUnit: config.dwellTimeUnit,
    });
  };
  return (
    <>
      <DownloadButton label={t`Download CSV`} unavailable={csvUnavailable} onDownload={downloadCsv} />
      <ChartPngButton
        label={t`Download chart as PNG`}
        chart={props.chart}
        context={context}
        what={definition.slug}
        unavailable={
          waiting ? t`Load the large request first.` : pngUnavailable({ chartView, loading: series.loading, pages })
        }
      />
    </>
  );
}
