// Declarations of timezone-probe.mjs (a plain ES module, so the child processes run it as it is).
import type { DateTime } from 'luxon'

/** A result as plain JSON: DateTimes by their instant in UTC. */
export declare const plain: (dateTime: typeof DateTime, value: unknown) => unknown
/** The calendar, quote and tracking results for the fixed inputs, computed with `lib`. */
export declare const compute: (lib: Readonly<Record<string, unknown>>, dateTime: typeof DateTime) => unknown
