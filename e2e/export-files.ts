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

/** A PNG's size and its top-left pixel (RGBA). */
export function readPng(bytes: Buffer): { width: number; height: number; topLeft: number[] } {
  const { width, height, rgba } = decodePng(bytes);
  return { width, height, topLeft: [...rgba.subarray(0, 4)] };
}

/**
 * A PNG's pixels, RGBA, row by row: checks the signature and reads IHDR (8-bit RGB or RGBA, not interlaced, as
 * browsers write them), inflates IDAT and undoes each row's filter (PNG's five: none, sub, up, average, Paeth).
 */
export function decodePng(bytes: Buffer): { width: number; height: number; rgba: Uint8Array } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  expect(bytes[24], 'bit depth').toBe(8);
  expect([2, 6], 'colour type: RGB or RGBA').toContain(bytes[25]);
  expect(bytes[28], 'interlace').toBe(0);
  const channels = bytes[25] === 6 ? 4 : 3;
  const idat: Buffer[] = [];
  for (let offset = 8; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const filtered = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = filtered[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const upLeft = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter!] ?? 0;
      rows[y * stride + x] = (filtered[y * (stride + 1) + 1 + x]! + predicted) & 0xff;
    }
  }
  if (channels === 4) return { width, height, rgba: rows };
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([...rows.subarray(i * 3, i * 3 + 3), 0xff], i * 4);
  return { width, height, rgba };
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const [toLeft, toUp, toUpLeft] = [left, up, upLeft].map((value) => Math.abs(estimate - value));
  if (toLeft! <= toUp! && toLeft! <= toUpLeft!) return left;
  return toUp! <= toUpLeft! ? up : upLeft;
}
