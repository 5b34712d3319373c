/**
 * A location's clock as the browser keeps it (kiosk snapshots, kept views): checked on read like an answer of the
 * API, so a corrupt or foreign entry is ignored, never drawn.
 */
import * as z from 'zod/mini';

import { isoDateSchema } from '../api/schemas';
import { isKnownTimeZone } from '../config/runtime-config';
import type { LocationZone, ProbedDay } from '../lib/time';

/** A UTC offset in minutes, within the ±16 hours any zone has. */
const offsetSchema = z.int().check(z.gte(-16 * 60), z.lte(16 * 60));

/** The bounds of one local day of a location with no zone name (locations/queries.ts `localDay`). */
export const probedDaySchema = z.object({
  date: isoDateSchema,
  startMs: z.number(),
  endMs: z.number(),
  startOffsetMinutes: offsetSchema,
  endOffsetMinutes: offsetSchema,
}) satisfies z.ZodMiniType<ProbedDay>;

export const locationZoneSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('zone'), name: z.string().check(z.refine(isKnownTimeZone)) }),
  z.object({ kind: z.literal('offset'), offsetMinutes: offsetSchema }),
  z.object({ kind: z.literal('day'), day: probedDaySchema }),
]) satisfies z.ZodMiniType<LocationZone>;
