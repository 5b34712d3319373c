/**
 * How zod runs, set once before any schema is built. The app uses zod's small build (`zod/mini`: functions, not
 * methods, so what a schema does not use is left out of the bundle), which loads no messages of its own.
 *
 * - English messages, as the full build has them ("Invalid input: expected number, received string"): they are
 *   shown when a response does not match the contract.
 * - No validator is compiled with `new Function`, and zod does not even probe whether it could: a strict content
 *   policy (no 'unsafe-eval') reports the probe as a violation although zod catches its failure. Zod decides at the
 *   construction of each object schema, not at its first parse, so this must run before any module builds a
 *   schema: app/boot.ts imports it first, and schemas.ts (the contract, which the simulator and the tests import)
 *   imports it too. Interpreted validation is slow on large bodies (a page of 1000 points), so metric pages take a
 *   hand-checked fast path first (fast-points.ts); every check stays.
 */
import * as z from 'zod/mini';
import { en } from 'zod/locales';

z.config({ ...en(), jitless: true });
