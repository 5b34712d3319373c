/**
 * Opaque, signed page cursors: base64url(JSON payload) + '.' + base64url(HMAC-SHA256(payload)).
 * The payload names the request it belongs to, so a cursor cannot be replayed against another
 * location, metric, range, interval or filter set, and any edit breaks the signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

import { z } from 'zod';

import { ALL_INTERVALS, METRICS, type Pagination } from '../src/api/schemas';

const position = {
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
};

const metricCursorSchema = z.object({
  kind: z.literal('metric'),
  location_id: z.number().int(),
  metric: z.enum(METRICS),
  start_date: z.string(),
  end_date: z.string(),
  interval: z.enum(ALL_INTERVALS),
  start_hour: z.number().int(),
  end_hour: z.number().int(),
  /** Ascending day codes, e.g. '23456'. */
  days: z.string(),
  ...position,
});

const locationListCursorSchema = z.object({ kind: z.literal('locations'), ...position });

const childrenCursorSchema = z.object({
  kind: z.literal('children'),
  parent_id: z.number().int(),
  view: z.enum(['detail', 'now']),
  ...position,
});

const cursorSchema = z.discriminatedUnion('kind', [metricCursorSchema, locationListCursorSchema, childrenCursorSchema]);

export type CursorPayload = z.infer<typeof cursorSchema>;
export type MetricCursor = z.infer<typeof metricCursorSchema>;
/** The list a location-list cursor belongs to: all locations, or one parent's children in a view. */
export type ListScope = { kind: 'locations' } | { kind: 'children'; parent_id: number; view: 'detail' | 'now' };

export interface CursorCodec {
  encode(payload: CursorPayload): string;
  /** The payload, or null when the cursor is malformed or its signature does not match. */
  decode(cursor: string): CursorPayload | null;
}

export function createCursorCodec(secret: string): CursorCodec {
  const key = `cursor:${secret}`;
  const signatureOf = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    encode(payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${signatureOf(body).toString('base64url')}`;
    },
    decode(cursor) {
      const [body, signature, ...rest] = cursor.split('.');
      if (body === undefined || signature === undefined || rest.length > 0) return null;
      const expected = signatureOf(body);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const parsed = cursorSchema.safeParse(parseJson(Buffer.from(body, 'base64url').toString('utf8')));
      return parsed.success ? parsed.data : null;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface PageSlice {
  /** Positions [from, to) of the page's items. */
  from: number;
  to: number;
  pagination: Pagination;
}

/** Positions one page in a list of `total` items; `cursorAt(offset)` encodes the page starting there. */
export function paginate(
  total: number,
  offset: number,
  limit: number,
  cursorAt: (offset: number) => string,
): PageSlice {
  const to = Math.min(total, offset + limit);
  const hasMore = offset + limit < total;
  return {
    from: Math.min(offset, total),
    to,
    pagination: {
      has_more: hasMore,
      next_cursor: hasMore ? cursorAt(offset + limit) : null,
      prev_cursor: offset > 0 ? cursorAt(Math.max(0, offset - limit)) : null,
    },
  };
}
