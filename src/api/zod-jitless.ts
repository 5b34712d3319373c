/**
 * No zod validator is compiled with `new Function`, and zod does not even probe whether it could: a strict
 * content policy (no 'unsafe-eval') reports the probe as a violation although zod catches its failure.
 *
 * zod decides at the construction of each object schema, not at its first parse, so this must run before any
 * module builds a schema: main.tsx imports it first, and schemas.ts (the contract, which the simulator and the
 * tests import) imports it too. Interpreted validation is slow on large bodies (60–110 ms for a page of 1000
 * points), so metric pages take a hand-checked fast path first (fast-points.ts); every check stays.
 */
import { z } from 'zod';

z.config({ jitless: true });
