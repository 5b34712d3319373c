/** What the export specs read back: the API's windows, a downloaded CSV, a downloaded PNG's size and first pixel. */
import { inflateSync } from 'node:zlib';

import type { Page } from '@playwright/test';

import { splitExport } from '../src/test/test-parse-csv';
import { apiGet, expect } from './fixtures';

interface Window {
  window_start: string;
  window_end: string;
}
export interface OccupancyPoint extends Window {
  avg_occupancy: number;
  avg_utilization_percentage: number;
  peak_occupancy: number;
  peak_utilization_percentage: number;
}
export interface TrafficPoint extends Window {
  traffic: number;
}
interface Envelope<P> {
  name: string;
  capacity: number;
  hour_range: { start: number; end: number };
  days_of_week: number[];
  data: P[];
  pagination: { has_more: boolean; next_cursor: string | null };
}

/** Every window of a request, following the cursors; and its first page. */
export async function apiWindows<P>(
  page: Page,
  baseURL: string,
  path: string,
): Promise<{ first: Envelope<P>; data: P[]; pages: number }> {
  let first: Envelope<P> | undefined;
  const data: P[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const body: Envelope<P> = await apiGet(
      page.request,
      baseURL,
      cursor === null ? path : `${path}&cursor=${encodeURIComponent(cursor)}`,
    );
    first ??= body;
    data.push(...body.data);
    pages++;
    cursor = body.pagination.has_more ? body.pagination.next_cursor : null;
  } while (cursor !== null && pages < 100);
  return { first: first!, data, pages };
}

/** A downloaded CSV: RFC 4180 records ending in CRLF, read into its metadata block and table. */
export function readCsv(bytes: Buffer) {
  const text = bytes.toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return splitExport(text);
}

export const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A PNG's size and its top-left pixel. Checks the signature and reads IHDR; the first pixel of the first row is
 * stored as it is under every PNG filter type (its left, upper and upper-left neighbours count as zero).
 */
export function readPng(bytes: Buffer): { width: number; height: number; topLeft: number[] } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const bitDepth = bytes[24];
  const colourType = bytes[25];
  expect(bitDepth).toBe(8);
  expect([2, 6]).toContain(colourType); // RGB or RGBA
  const idat: Buffer[] = [];
  for (let offset = 8; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const pixels = inflateSync(Buffer.concat(idat));
  const channels = colourType === 6 ? 4 : 3;
  const topLeft = [...pixels.subarray(1, 1 + channels)];
  return { width, height, topLeft: channels === 3 ? [...topLeft, 0xff] : topLeft };
}
