/**
 * What a server can do, learned once from answers that prove it and kept here, one record per API client (one
 * client per app, so one per server). Never re-decided per request: a fact, once learned, stays.
 *
 * Today one fact: which reading of the spec's filter rule (4.3, rule 3) the server follows. It "accepts"
 * sub-daily filters once a sub-daily request with filters succeeds; it "refuses" them once such a request is a
 * 400 while the same filters at `daily` succeed (the spec's refusal, "filters with an interval that does not
 * support them"). Any other 400 proves nothing and is shown as it is.
 */
import type { ApiClient } from './client';

export type SubDailyFilters = 'unknown' | 'accepted' | 'refused';

export interface ServerCapabilities {
  readonly subDailyFilters: SubDailyFilters;
  learnSubDailyFilters(fact: Exclude<SubDailyFilters, 'unknown'>): void;
}

const byClient = new WeakMap<ApiClient, ServerCapabilities>();

export function capabilitiesOf(client: ApiClient): ServerCapabilities {
  let capabilities = byClient.get(client);
  if (!capabilities) {
    let subDailyFilters: SubDailyFilters = 'unknown';
    capabilities = {
      get subDailyFilters() {
        return subDailyFilters;
      },
      learnSubDailyFilters(fact) {
        if (subDailyFilters === 'unknown') subDailyFilters = fact;
      },
    };
    byClient.set(client, capabilities);
  }
  return capabilities;
}
