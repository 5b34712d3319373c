/** The paging of location lists (`/v2/locations` and a record's children): `limit`, and cursors bound to their list. */
import { limitSchema, MAX_PAGE_SIZE, type Pagination } from '../src/api/schemas';
import { type CursorCodec, type CursorPayload, type ListScope, paginate } from './cursor';
import { describeInvalidLimit } from './metric-query';
import { invalidParameter } from './problem';

/** One page of a location list (`limit` and `cursor` apply to the list, not to a parent record). */
export function listPage<T>(
  items: readonly T[],
  query: Record<string, string>,
  scope: ListScope,
  cursors: CursorCodec,
): { items: T[]; pagination: Pagination } {
  let limit: number | undefined;
  if (query.limit !== undefined) {
    const parsed = limitSchema.safeParse(query.limit);
    if (!parsed.success) throw invalidParameter(describeInvalidLimit(query.limit));
    limit = parsed.data;
  }
  let offset = 0;
  if (query.cursor !== undefined) {
    const cursor = cursors.decode(query.cursor);
    if (cursor === null) throw invalidParameter('cursor is malformed or has been tampered with');
    if (!sameList(cursor, scope))
      throw invalidParameter('cursor belongs to another list; start again without a cursor');
    offset = cursor.offset;
    limit ??= cursor.limit;
  }
  const pageSize = limit ?? MAX_PAGE_SIZE;
  const page = paginate(items.length, offset, pageSize, (next) =>
    cursors.encode({ ...scope, offset: next, limit: pageSize }),
  );
  return { items: items.slice(page.from, page.to), pagination: page.pagination };
}

function sameList(cursor: CursorPayload, scope: ListScope): boolean {
  if (cursor.kind === 'locations' || scope.kind === 'locations') return cursor.kind === scope.kind;
  return cursor.kind === 'children' && cursor.parent_id === scope.parent_id && cursor.view === scope.view;
}
