/**
 * "Copy link": every filter written out, so the link means the same on any deployment. A rolling range
 * ("last 7 days") stays rolling unless the user pins the dates. The token is never part of it.
 */
import './series-status.css';
import { t } from '@lingui/core/macro';
import { useId, useState } from 'react';
import { useHref, useLocation } from '../lib/router/router';

import { copyLinkParams } from '../filters/filter-url';
import type { FilterDefaults, Filters } from '../filters/model';
import { LANG_PARAM, languageParam } from '../lib/language';
import type { LocationZone } from '../lib/time';
import type { MetricDefinition } from '../metrics/definitions';

export interface CopyLinkProps {
  definition: MetricDefinition;
  filters: Filters;
  defaults: FilterDefaults;
  zone: LocationZone;
  nowMs: number;
  applied: { hours: { start: number; end: number }; days: number[] } | undefined;
  /** What the view adds beyond the filters (the utilization page's `compare`), written after them. */
  extra?: Readonly<Record<string, string>>;
}

export function CopyLink({ definition, filters, defaults, zone, nowMs, applied, extra }: CopyLinkProps) {
  const { pathname, search } = useLocation();
  const [pin, setPin] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const linkId = useId();
  const rolling = filters.range.kind === 'preset';
  const params = copyLinkParams(filters, definition, defaults, { pin: pin || !rolling, zone, nowMs, applied });
  for (const [name, value] of Object.entries(extra ?? {})) params.set(name, value);
  // Never the viewer's language (a colleague opens the link in their own), unless the address itself names one.
  const language = languageParam(new URLSearchParams(search));
  if (language !== null) params.set(LANG_PARAM, language);
  // The router's pathname is below its basename (the app may be served under a sub-path); useHref adds it back.
  const href = useHref({ pathname, search: `?${params.toString()}` });
  const link = `${window.location.origin}${href}`;
  // Shown only while it is still the link of what is on screen: a filter change or Pin dates makes it stale.
  const shown = copied === link ? copied : null;
  const copy = () => {
    setCopied(link);
    void navigator.clipboard?.writeText(link).catch(() => undefined);
  };
  return (
    <div className="copy-link">
      {rolling && (
        <label>
          <input type="checkbox" checked={pin} onChange={(event) => setPin(event.target.checked)} /> {t`Pin dates`}
        </label>
      )}
      <button type="button" onClick={copy}>
        {t`Copy link`}
      </button>
      {shown && (
        <label htmlFor={linkId} className="copied">
          {t`Link copied`}
          <input id={linkId} readOnly value={shown} onFocus={(event) => event.target.select()} />
        </label>
      )}
    </div>
  );
}
