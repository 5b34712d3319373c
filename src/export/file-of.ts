/** A view's file name (file-name.ts) from what the page knows about the view. */
import type { ViewContext } from './context';
import { exportFileName } from './file-name';

export function fileOf(context: ViewContext, what: string, extension: 'csv' | 'png'): string {
  const { locationId, locationName, start, end } = context;
  return exportFileName({ locationId, locationName, what, start, end, extension });
}
