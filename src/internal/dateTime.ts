/**
 * Recognizing a caller's DateTime: from either copy of luxon (ES module or CommonJS build), so
 * never `instanceof` (STYLE: DateTimes from callers).
 *
 * @internal
 * @module
 */
import { DateTime } from 'luxon'

/** Whether a value is a valid DateTime, from either copy of luxon. */
export const isInstant = (d: unknown): d is DateTime => DateTime.isDateTime(d) && d.isValid
