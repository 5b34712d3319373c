/**
 * The address of `/compare` for some locations, from any view: the locations in the order given, and the filters
 * the view shares with a comparison (its dates, hours and days, and the language an address asks for).
 */
import { LANG_PARAM } from '../lib/language';

const SHARED = ['range', 'from', 'to', 'hours', 'days', 'closed', 'compare', LANG_PARAM];

export function compareSearch(ids: readonly number[], search: string, shared: readonly string[] = SHARED): string {
  const params = new URLSearchParams(search);
  const next = new URLSearchParams([['locations', ids.join(',')]]);
  for (const [key, value] of params) if (key !== 'locations' && shared.includes(key)) next.append(key, value);
  // Commas stay readable in the address.
  return `?${next.toString().replace(/%2C/gi, ',')}`;
}
